//! The methods every syntax's class has, generated for each by
//! `reference_class!`: construction (which parses), text, equality,
//! hashing, pickling, the operations of `ops.rs`, and the path, query and
//! fragment (read and set: XRIs have them as RFC 3986 does).

/// A frozen Python class holding the owned reference of syntax `$S`,
/// named `$name` in Python.
macro_rules! reference_class {
    ($Class:ident, $name:literal, $S:ty) => {
        #[doc = concat!("A reference of the syntax of `xiri.", $name, "`, checked, immutable.")]
        #[pyclass(module = "xiri", name = $name, frozen)]
        pub(crate) struct $Class {
            pub(crate) inner: <$S as xiri::Syntax>::RefBuf,
        }

        impl $Class {
            pub(crate) fn parse(py: Python<'_>, s: &str) -> PyResult<Self> {
                let inner =
                    crate::maybe_detached(py, s, || s.parse::<<$S as xiri::Syntax>::RefBuf>());
                Ok(Self {
                    inner: inner.map_err(|e| parse_error(&e))?,
                })
            }

            /// `s` parsed, refused when `absolute` and it is relative.
            pub(crate) fn parse_as(py: Python<'_>, s: &str, absolute: bool) -> PyResult<Self> {
                if absolute {
                    crate::maybe_detached(py, s, || {
                        <$S as xiri::Syntax>::parse_absolute(s).map(|_| ())
                    })
                    .map_err(|e| parse_error(&e))?;
                }
                Self::parse(py, s)
            }

            /// A value of this class, or a `str` parsed as one.
            fn coerce(
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
            ) -> PyResult<<$S as xiri::Syntax>::RefBuf> {
                if let Ok(value) = other.cast::<Self>() {
                    return Ok(value.get().inner.clone());
                }
                Ok(Self::parse(py, &other.extract::<std::borrow::Cow<'_, str>>()?)?.inner)
            }

            /// A copy changed by the library's setter `set`, or its refusal.
            fn with(
                &self,
                set: impl FnOnce(&mut <$S as xiri::Syntax>::RefBuf) -> Result<(), xiri::SetError>,
            ) -> PyResult<Self> {
                let mut inner = self.inner.clone();
                set(&mut inner).map_err(|e| crate::errors::set_error(&e))?;
                Ok(Self { inner })
            }

            fn wrap(
                result: Result<<$S as xiri::Syntax>::RefBuf, xiri::ParseError>,
            ) -> PyResult<Self> {
                Ok(Self {
                    inner: result.map_err(|e| parse_error(&e))?,
                })
            }
        }

        #[pymethods]
        impl $Class {
            #[new]
            fn __new__(py: Python<'_>, s: &str) -> PyResult<Self> {
                Self::parse(py, s)
            }

            fn __str__(&self) -> &str {
                self.inner.as_ref()
            }

            /// `xiri.IriRef('http://a/b')`: the text as Python's `repr` writes it.
            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let text = pyo3::types::PyString::new(py, self.inner.as_ref()).repr()?;
                Ok(format!("xiri.{}({})", $name, text))
            }

            /// Equal to a value of the same class or a `str` of the same text.
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let py = other.py();
                let text: &str = self.inner.as_ref();
                let equal = if let Ok(value) = other.cast::<Self>() {
                    text == <_ as AsRef<str>>::as_ref(&value.get().inner)
                } else if let Ok(s) = other.extract::<std::borrow::Cow<'_, str>>() {
                    text == s
                } else {
                    return Ok(py.NotImplemented());
                };
                Ok(pyo3::types::PyBool::new(py, equal)
                    .to_owned()
                    .into_any()
                    .unbind())
            }

            /// The hash of the text, as the `str`'s (they compare equal).
            fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
                pyo3::types::PyString::new(py, self.inner.as_ref()).hash()
            }

            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> (Bound<'py, pyo3::types::PyType>, (String,)) {
                (
                    slf.get_type(),
                    (<_ as AsRef<str>>::as_ref(&slf.get().inner).to_string(),),
                )
            }

            /// The syntax's name: `uri`, `iri`, `iri-bis`, `leiri` or `xri`.
            #[getter]
            fn syntax(&self) -> &'static str {
                <$S as xiri::Syntax>::GRAMMAR.name()
            }

            /// Whether the reference is absolute (has a scheme; for XRIs, an authority).
            #[getter]
            fn is_absolute(&self) -> bool {
                <$S as xiri::Syntax>::parse_absolute(self.inner.as_ref()).is_ok()
            }

            /// `reference` (a value or a `str`) resolved against this absolute one.
            fn resolve(&self, py: Python<'_>, reference: &Bound<'_, PyAny>) -> PyResult<Self> {
                Self::wrap(ops::resolve::<$S>(
                    &self.inner,
                    &Self::coerce(py, reference)?,
                ))
            }

            /// The shortest reference that resolves against this one to `target`.
            fn relativize(&self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<Self> {
                Self::wrap(ops::relativize::<$S>(
                    &self.inner,
                    &Self::coerce(py, target)?,
                ))
            }

            #[pyo3(signature = (*, nfc = false, nfkc = false, scheme_based = false))]
            fn normalize(&self, nfc: bool, nfkc: bool, scheme_based: bool) -> PyResult<Self> {
                Self::wrap(ops::normalize::<$S>(
                    &self.inner,
                    ops::options(nfc, nfkc, scheme_based),
                ))
            }

            #[pyo3(signature = (other, *, nfc = false, nfkc = false, scheme_based = false))]
            fn is_equivalent(
                &self,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                nfc: bool,
                nfkc: bool,
                scheme_based: bool,
            ) -> PyResult<bool> {
                let other = Self::coerce(py, other)?;
                Ok(ops::is_equivalent::<$S>(
                    &self.inner,
                    &other,
                    ops::options(nfc, nfkc, scheme_based),
                ))
            }

            /// The URI (RFC 3987 3.1; for an XRI its URI-normal form), IDNA for the host when asked.
            #[pyo3(signature = (*, idna = false))]
            fn to_uri(&self, py: Python<'_>, idna: bool) -> PyResult<PyUriRef> {
                let from = <$S as xiri::Syntax>::GRAMMAR;
                let text = ops::convert(self.inner.as_ref(), from, xiri::Grammar::Uri, idna);
                PyUriRef::parse(py, &text.map_err(|e| parse_error(&e))?)
            }

            /// The IRI (RFC 3987 3.2; for an XRI its IRI-normal form).
            fn to_iri(&self, py: Python<'_>) -> PyResult<PyIriRef> {
                let from = <$S as xiri::Syntax>::GRAMMAR;
                let text = ops::convert(self.inner.as_ref(), from, xiri::Grammar::Iri, false);
                PyIriRef::parse(py, &text.map_err(|e| parse_error(&e))?)
            }

            /// The query's `name=value` pairs, form-decoded (`+` is a space).
            fn query_pairs(&self) -> Vec<(String, String)> {
                <$S as xiri::Syntax>::as_reference(&self.inner)
                    .query_pairs()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect()
            }

            #[getter]
            fn path(&self) -> &str {
                <$S as xiri::Syntax>::as_reference(&self.inner).path()
            }

            #[getter]
            fn query(&self) -> Option<&str> {
                <$S as xiri::Syntax>::as_reference(&self.inner).query()
            }

            #[getter]
            fn fragment(&self) -> Option<&str> {
                <$S as xiri::Syntax>::as_reference(&self.inner).fragment()
            }

            #[pyo3(signature = (path, *, encode = false))]
            fn with_path(&self, path: &str, encode: bool) -> PyResult<Self> {
                self.with(|r| match encode {
                    true => r.set_path_encoded(path),
                    false => r.set_path(path),
                })
            }

            #[pyo3(signature = (query, *, encode = false))]
            fn with_query(&self, query: Option<&str>, encode: bool) -> PyResult<Self> {
                self.with(|r| match encode {
                    true => r.set_query_encoded(query),
                    false => r.set_query(query),
                })
            }

            #[pyo3(signature = (fragment, *, encode = false))]
            fn with_fragment(&self, fragment: Option<&str>, encode: bool) -> PyResult<Self> {
                self.with(|r| match encode {
                    true => r.set_fragment_encoded(fragment),
                    false => r.set_fragment(fragment),
                })
            }
        }
    };
}

pub(crate) use reference_class;
