//! The components and setters of the four syntaxes shaped like RFC
//! 3986's (`UriRef`, `IriRef`, `IriBisRef`, `LeiriRef`): the library's
//! `ReferenceBuf<S>`, its getters, and its setters, each returning a new
//! value.

/// The family's members, for the class `$Class` of `ReferenceBuf<$S>`.
macro_rules! generic_members {
    ($Class:ident, $S:ty) => {
        #[pymethods]
        impl $Class {
            #[getter]
            fn scheme(&self) -> Option<&str> {
                self.inner.scheme()
            }

            #[getter]
            fn authority(&self) -> Option<&str> {
                self.inner.authority()
            }

            #[getter]
            fn userinfo(&self) -> Option<&str> {
                self.inner.userinfo()
            }

            #[getter]
            fn username(&self) -> Option<&str> {
                self.inner.username()
            }

            #[getter]
            fn password(&self) -> Option<&str> {
                self.inner.password()
            }

            /// The host as written (an IP literal with its brackets).
            #[getter]
            fn host(&self) -> Option<&str> {
                self.inner.host().map(|h| h.as_str())
            }

            /// `IPv4`, `IPv6`, `IPvFuture` or `reg-name`.
            #[getter]
            fn host_kind(&self) -> Option<&'static str> {
                self.inner.host().map(|h| h.kind().name())
            }

            /// The port as an `int` (`None` where there is none or it is empty).
            #[getter]
            fn port<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                match self.inner.port().filter(|p| !p.is_empty()) {
                    None => Ok(None),
                    // Digits of any length: Python's int reads them all.
                    Some(digits) => py
                        .get_type::<pyo3::types::PyInt>()
                        .call1((digits,))
                        .map(Some),
                }
            }

            /// The path's segments, as written.
            fn path_segments(&self) -> Vec<&str> {
                self.inner.path_segments().collect()
            }

            #[pyo3(signature = (scheme))]
            fn with_scheme(&self, scheme: Option<&str>) -> PyResult<Self> {
                self.with(|r| r.set_scheme(scheme))
            }

            /// A copy with this userinfo; `encode=True` percent-encodes plain text for it.
            #[pyo3(signature = (userinfo, *, encode = false))]
            fn with_userinfo(&self, userinfo: Option<&str>, encode: bool) -> PyResult<Self> {
                self.with(|r| match encode {
                    true => r.set_userinfo_encoded(userinfo),
                    false => r.set_userinfo(userinfo),
                })
            }

            #[pyo3(signature = (host, *, encode = false))]
            fn with_host(&self, host: &str, encode: bool) -> PyResult<Self> {
                self.with(|r| match encode {
                    true => r.set_host_encoded(host),
                    false => r.set_host(host),
                })
            }

            #[pyo3(signature = (port))]
            fn with_port(&self, port: Option<u16>) -> PyResult<Self> {
                self.with(|r| r.set_port(port))
            }

            /// A copy with `name=value` appended to the query (encoded for it).
            #[pyo3(signature = (name, value = None))]
            fn with_query_pair(&self, name: &str, value: Option<&str>) -> PyResult<Self> {
                self.with(|r| r.append_query_pair(name, value))
            }

            /// The text with any password shown as `****`.
            fn mask_password(&self) -> String {
                self.inner.mask_password().to_string()
            }
        }
    };
}

pub(crate) use generic_members;
