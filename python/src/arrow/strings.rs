//! Reading Arrow's three string layouts (`utf8`, `large_utf8`,
//! `utf8_view`) in place, and writing the outputs: booleans, verdicts
//! (struct of `valid` and `offset`), and strings (or a struct of the
//! string and the error).

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3_arrow::PyChunkedArray;
use std::sync::Arc;

/// Calls `f` on each value of the string array `array` (`None` for a
/// null), in order.
fn each_str(array: &dyn Array, mut f: impl FnMut(Option<&str>)) -> PyResult<()> {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().for_each(&mut f),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().for_each(&mut f),
        DataType::Utf8View => array.as_string_view().iter().for_each(&mut f),
        other => {
            return Err(PyTypeError::new_err(format!(
                "xiri.arrow takes an array of strings (utf8, large_utf8 or utf8_view), not {other}"
            )));
        }
    }
    Ok(())
}

/// The address of the string bytes of `array` (of its first data buffer
/// for `utf8_view`; 0 where it has none), as the functions read them: for
/// the test that shows the import copies nothing (tests/test_arrow.py).
pub(crate) fn value_address(array: &dyn Array) -> PyResult<usize> {
    let address = match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().values().as_ptr() as usize,
        DataType::LargeUtf8 => array.as_string::<i64>().values().as_ptr() as usize,
        DataType::Utf8View => array
            .as_string_view()
            .data_buffers()
            .first()
            .map_or(0, |b| b.as_ptr() as usize),
        other => {
            return Err(PyTypeError::new_err(format!(
                "not an array of strings: {other}"
            )));
        }
    };
    Ok(address)
}

/// A boolean array: `test` of each string, null for null.
pub(crate) fn booleans(array: &dyn Array, test: impl Fn(&str) -> bool) -> PyResult<ArrayRef> {
    let mut out = BooleanBuilder::with_capacity(array.len());
    each_str(array, |s| out.append_option(s.map(&test)))?;
    Ok(Arc::new(out.finish()))
}

/// A struct array of `valid` and `offset`: `refusal` gives the byte
/// offset of a string's refusal, `None` when it is valid.
pub(crate) fn verdicts(
    array: &dyn Array,
    refusal: impl Fn(&str) -> Option<usize>,
) -> PyResult<ArrayRef> {
    let mut valid = BooleanBuilder::with_capacity(array.len());
    let mut offset = Int64Builder::with_capacity(array.len());
    each_str(array, |s| {
        let verdict = s.map(&refusal);
        valid.append_option(verdict.map(|r| r.is_none()));
        offset.append_option(verdict.flatten().map(|o| o as i64));
    })?;
    let fields = Fields::from(vec![
        Field::new("valid", DataType::Boolean, true),
        Field::new("offset", DataType::Int64, true),
    ]);
    let columns: Vec<ArrayRef> = vec![Arc::new(valid.finish()), Arc::new(offset.finish())];
    Ok(Arc::new(
        StructArray::try_new(fields, columns, array.nulls().cloned()).map_err(to_py)?,
    ))
}

/// What a text operation gives where it refuses an input.
#[derive(Clone, Copy)]
pub(crate) enum Output {
    /// A null string.
    NullOnError,
    /// A struct of `value` (null), `error_offset` and `error` (the message).
    WithErrors,
}

/// A string array of `op` of each string (a struct with the errors when
/// asked).
pub(crate) fn texts(
    array: &dyn Array,
    output: Output,
    op: impl Fn(&str) -> Result<Option<String>, xiri::ParseError>,
) -> PyResult<ArrayRef> {
    let mut values = StringBuilder::with_capacity(array.len(), array.get_buffer_memory_size());
    let mut offsets = Int64Builder::with_capacity(array.len());
    let mut messages = StringBuilder::new();
    let mut overflow = false;
    each_str(array, |s| {
        let result = s.map(&op);
        match result {
            Some(Ok(Some(ref text))) => {
                // A utf8 array's offsets are i32: say so rather than panic.
                overflow |= values.values_slice().len() + text.len() > i32::MAX as usize;
                if !overflow {
                    values.append_value(text);
                } else {
                    values.append_null();
                }
            }
            _ => values.append_null(),
        }
        match result {
            Some(Err(e)) => {
                offsets.append_value(e.offset() as i64);
                messages.append_value(e.message());
            }
            _ => {
                offsets.append_null();
                messages.append_null();
            }
        }
    })?;
    if overflow {
        return Err(PyTypeError::new_err(
            "the output of one chunk exceeds 2 GiB: split the array into chunks",
        ));
    }
    let values = Arc::new(values.finish());
    match output {
        Output::NullOnError => Ok(values),
        Output::WithErrors => {
            let fields = Fields::from(vec![
                Field::new("value", DataType::Utf8, true),
                Field::new("error_offset", DataType::Int64, true),
                Field::new("error", DataType::Utf8, true),
            ]);
            let columns: Vec<ArrayRef> = vec![
                values,
                Arc::new(offsets.finish()),
                Arc::new(messages.finish()),
            ];
            Ok(Arc::new(
                StructArray::try_new(fields, columns, array.nulls().cloned()).map_err(to_py)?,
            ))
        }
    }
}

fn to_py(e: arrow_schema::ArrowError) -> PyErr {
    PyTypeError::new_err(e.to_string())
}

/// The mapped chunks (at least one) as one chunked array of their type.
pub(crate) fn chunked(chunks: Vec<ArrayRef>) -> PyResult<PyChunkedArray> {
    let data_type = chunks
        .first()
        .map_or(DataType::Null, |c| c.data_type().clone());
    PyChunkedArray::try_new(chunks, Arc::new(Field::new("xiri", data_type, true)))
}
