//! `Debug` for the parts of an XRI that can hold a password: an IRI
//! authority's user information, and an IRI in a cross-reference
//! (`@a*(http://anne:s3cret@h)`). Each text is shown with what may be a
//! password as `****`, as `mask_password` shows the whole XRI.

use super::parts::{CrossReference, Segment, Segments, Subsegment, Subsegments, XriAuthority};
use crate::syntax::mask::Masked;
use std::fmt;

impl fmt::Debug for XriAuthority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XriAuthority::Global { text, symbol } => f
                .debug_struct("Global")
                .field("text", &Masked::Text(text))
                .field("symbol", symbol)
                .finish(),
            XriAuthority::CrossReference { text, xref } => f
                .debug_struct("CrossReference")
                .field("text", &Masked::Text(text))
                .field("xref", xref)
                .finish(),
            XriAuthority::Iri {
                text,
                userinfo,
                host,
                port,
            } => f
                .debug_struct("Iri")
                .field("text", &Masked::Authority(text))
                .field("userinfo", &userinfo.map(Masked::Userinfo))
                .field("host", host)
                .field("port", port)
                .finish(),
        }
    }
}

impl fmt::Debug for CrossReference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CrossReference")
            .field("text", &Masked::Text(self.as_str()))
            .finish()
    }
}

impl fmt::Debug for Subsegment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Subsegment")
            .field("text", &Masked::Text(self.as_str()))
            .field("delimiter", &self.delimiter())
            .finish()
    }
}

impl fmt::Debug for Segment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Segment")
            .field("text", &Masked::Text(self.as_str()))
            .finish()
    }
}

impl fmt::Debug for Subsegments<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Subsegments")
            .field("rest", &Masked::Text(self.rest))
            .finish()
    }
}

impl fmt::Debug for Segments<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Segments")
            .field("rest", &self.rest.map(Masked::Text))
            .finish()
    }
}
