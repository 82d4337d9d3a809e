//! `xiri parse`'s answers, written as they are made: as JSON, or as the
//! indented listing (`key: value` a line, nulls and empty lists left out,
//! nested objects and lists indented below their key, strings quoted with
//! Rust's escapes, so a control character never reaches the terminal
//! raw). Nothing is built first: memory holds the parsed input, not its
//! answer, which may be many times larger.

use std::io::{self, Write};

/// How the answer is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Json,
    Listing,
}

/// A writer of one object's fields, and of the objects and lists nested
/// in it.
pub struct Fields<'w> {
    out: &'w mut dyn Write,
    form: Form,
    /// The indentation of the current object's fields (listing).
    depth: usize,
    /// Whether the current object or list has had no entry yet (JSON).
    first: bool,
}

impl<'w> Fields<'w> {
    /// Writes one top-level object, `body` giving its fields.
    pub fn object_line(
        out: &'w mut dyn Write,
        form: Form,
        body: impl FnOnce(&mut Fields<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut fields = Fields {
            out,
            form,
            depth: 0,
            first: true,
        };
        if form == Form::Json {
            fields.out.write_all(b"{")?;
        }
        body(&mut fields)?;
        if form == Form::Json {
            fields.out.write_all(b"}\n")?;
        }
        Ok(())
    }

    fn pad(&mut self, depth: usize) -> io::Result<()> {
        for _ in 0..depth {
            self.out.write_all(b"  ")?;
        }
        Ok(())
    }

    /// A JSON field's key, after a comma unless it is the first.
    fn json_key(&mut self, key: &str) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b",")?;
        }
        write!(self.out, "\"{key}\":")
    }

    /// A string field; `None` is null (left out of the listing).
    pub fn str(&mut self, key: &str, value: Option<&str>) -> io::Result<()> {
        match (self.form, value) {
            (Form::Json, None) => self
                .json_key(key)
                .and_then(|()| self.out.write_all(b"null")),
            (Form::Json, Some(s)) => {
                self.json_key(key)?;
                serde_json::to_writer(&mut *self.out, s).map_err(io::Error::other)
            }
            (Form::Listing, None) => Ok(()),
            (Form::Listing, Some(s)) => {
                self.pad(self.depth)?;
                writeln!(self.out, "{key}: {s:?}")
            }
        }
    }

    /// A boolean field.
    pub fn bool(&mut self, key: &str, value: bool) -> io::Result<()> {
        match self.form {
            Form::Json => self
                .json_key(key)
                .and_then(|()| write!(self.out, "{value}")),
            Form::Listing => {
                self.pad(self.depth)?;
                writeln!(self.out, "{key}: {value}")
            }
        }
    }

    /// An object field whose fields `body` gives.
    pub fn object(
        &mut self,
        key: &str,
        body: impl FnOnce(&mut Fields<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        match self.form {
            Form::Json => {
                self.json_key(key)?;
                self.out.write_all(b"{")?;
            }
            Form::Listing => {
                self.pad(self.depth)?;
                writeln!(self.out, "{key}:")?;
            }
        }
        self.nested(self.depth + 1, body)?;
        if self.form == Form::Json {
            self.out.write_all(b"}")?;
        }
        Ok(())
    }

    /// An object field, or null when there is none.
    pub fn object_or_null<T>(
        &mut self,
        key: &str,
        value: Option<T>,
        body: impl FnOnce(&mut Fields<'_>, T) -> io::Result<()>,
    ) -> io::Result<()> {
        match value {
            Some(v) => self.object(key, |f| body(f, v)),
            None => self.str(key, None),
        }
    }

    /// A list field of objects, each written by `item` (left out of the
    /// listing when empty).
    pub fn list<T>(
        &mut self,
        key: &str,
        items: impl Iterator<Item = T>,
        mut item: impl FnMut(&mut Fields<'_>, T) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.form == Form::Json {
            self.json_key(key)?;
            self.out.write_all(b"[")?;
        }
        let mut first = true;
        for (i, value) in items.enumerate() {
            match self.form {
                Form::Json => {
                    if !std::mem::take(&mut first) {
                        self.out.write_all(b",")?;
                    }
                    self.out.write_all(b"{")?;
                }
                Form::Listing => {
                    if std::mem::take(&mut first) {
                        self.pad(self.depth)?;
                        writeln!(self.out, "{key}:")?;
                    }
                    self.pad(self.depth + 1)?;
                    writeln!(self.out, "[{i}]")?;
                }
            }
            self.nested(self.depth + 2, |f| item(f, value))?;
            if self.form == Form::Json {
                self.out.write_all(b"}")?;
            }
        }
        if self.form == Form::Json {
            self.out.write_all(b"]")?;
        }
        Ok(())
    }

    /// `body` on a new object's fields at `depth`.
    fn nested(
        &mut self,
        depth: usize,
        body: impl FnOnce(&mut Fields<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        body(&mut Fields {
            out: &mut *self.out,
            form: self.form,
            depth,
            first: true,
        })
    }
}
