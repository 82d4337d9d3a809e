//! Every conversion between the forms, chosen by grammar names, as the
//! spec's procedure: the steps with their intermediate texts, the output,
//! and the warnings (for HTTP IRIs made XRIs). The CLI's `convert` runs on
//! this; the typed methods (`LeiriRef::to_iri`, ...) are the direct way.

use crate::convert::{Step, UriOptions};
use crate::syntax::error::ParseError;
use crate::syntax::grammar::Grammar;
use crate::syntax::reference::{Iri, IriRef, LeiriRef, UriRef};
use crate::xri::HttpXriWarning;
use crate::xri::{XriBuf, XriRef};
use std::fmt;

/// A conversion from one form to another, with its options.
///
/// | from → to | what |
/// |---|---|
/// | leiri → iri | LEIRI Note section 4 |
/// | leiri → uri | leiri → iri, then iri → uri |
/// | iri → uri | RFC 3987 3.1 / 3987bis 3.6, with [`UriOptions`] |
/// | uri → iri | RFC 3987 3.2 |
/// | xri → iri | IRI-normal form, XRI 2.0 2.3.1-2.3.2 |
/// | xri → uri | URI-normal form: xri → iri, then iri → uri |
/// | iri → xri | an `xri:` IRI: XRI-normal form (2.3.3); an `http:` or `https:` IRI: Appendix B, with warnings |
/// | uri → xri | uri → iri, then iri → xri |
///
/// ```
/// use xiri::{Conversion, Grammar};
/// let conversion = Conversion::new(Grammar::Uri, Grammar::Xri).unwrap();
/// let done = conversion.apply("xri://@example/(+caf%C3%A9%2F(=%C3%BCber))").unwrap();
/// assert_eq!(done.output(), "xri://@example/(+caf\u{e9}/(=\u{fc}ber))");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conversion {
    from: Grammar,
    to: Grammar,
    /// NFKC first, for conversions from XRIs (XRI 2.0 2.3.1 step 1).
    pub nfkc: bool,
    /// How IRIs become URIs (IDNA, the http/https query charset).
    pub uri: UriOptions,
}

/// A pair of forms [`Conversion::new`] does not convert between.
///
/// ```
/// let err = xiri::Conversion::new(xiri::Grammar::Uri, xiri::Grammar::Leiri).unwrap_err();
/// assert!(err.to_string().contains("uri to leiri"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedConversion {
    from: Grammar,
    to: Grammar,
}

impl fmt::Display for UnsupportedConversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no conversion from {} to {}: xiri converts leiri to iri or uri, iri to uri or xri, uri to iri or xri, \
             and xri to iri or uri",
            self.from, self.to
        )
    }
}

impl std::error::Error for UnsupportedConversion {}

/// What a conversion gave: the steps, the last of which is the output, and
/// any warnings.
///
/// ```
/// use xiri::{Conversion, Grammar};
/// let done = Conversion::new(Grammar::Iri, Grammar::Xri).unwrap().apply("http://!!1/example").unwrap();
/// assert_eq!(done.output(), "xri://!!1/example");
/// assert_eq!(done.warnings().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    steps: Vec<Step>,
    warnings: Vec<HttpXriWarning>,
}

impl Converted {
    /// The converted text, valid in the target grammar.
    ///
    /// ```
    /// let c = xiri::Conversion::new(xiri::Grammar::Leiri, xiri::Grammar::Uri).unwrap();
    /// assert_eq!(c.apply("a b").unwrap().output(), "a%20b");
    /// ```
    pub fn output(&self) -> &str {
        self.steps.last().map_or("", |s| s.text.as_str())
    }

    /// The steps: the input as given first, then each step of the spec's
    /// procedure that applied, with the text after it.
    ///
    /// ```
    /// let c = xiri::Conversion::new(xiri::Grammar::Leiri, xiri::Grammar::Uri).unwrap();
    /// let done = c.apply("r\u{e9}sum\u{e9} 1").unwrap();
    /// let texts: Vec<_> = done.steps().iter().map(|s| s.text.as_str()).collect();
    /// assert_eq!(texts, ["r\u{e9}sum\u{e9} 1", "r\u{e9}sum\u{e9}%201", "r%C3%A9sum%C3%A9%201"]);
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// What the target syntax reads differently (HTTP IRIs made XRIs).
    ///
    /// ```
    /// let c = xiri::Conversion::new(xiri::Grammar::Iri, xiri::Grammar::Xri).unwrap();
    /// assert_eq!(c.apply("http://a.example/(x)").unwrap().warnings().len(), 2);
    /// ```
    pub fn warnings(&self) -> &[HttpXriWarning] {
        &self.warnings
    }
}

impl Conversion {
    /// The conversion from `from` to `to`, with default options (no NFKC,
    /// percent-encoded host names, UTF-8 queries); `iri-bis` counts as
    /// `iri`.
    ///
    /// ```
    /// assert!(xiri::Conversion::new(xiri::Grammar::Xri, xiri::Grammar::Uri).is_ok());
    /// ```
    pub fn new(from: Grammar, to: Grammar) -> Result<Conversion, UnsupportedConversion> {
        let (from, to) = (plain(from), plain(to));
        use Grammar::{Iri, Leiri, Uri, Xri};
        match (from, to) {
            (Leiri, Iri | Uri) | (Iri, Uri | Xri) | (Uri, Iri | Xri) | (Xri, Iri | Uri) => {
                Ok(Conversion {
                    from,
                    to,
                    nfkc: false,
                    uri: UriOptions::default(),
                })
            }
            _ => Err(UnsupportedConversion { from, to }),
        }
    }

    /// Converts `input`, or says where and why it cannot be: it does not
    /// parse in the source grammar, or the result cannot be made (see
    /// [`ErrorKind`](crate::ErrorKind)).
    ///
    /// ```
    /// let c = xiri::Conversion::new(xiri::Grammar::Xri, xiri::Grammar::Iri).unwrap();
    /// assert_eq!(c.apply("@a/(@b/c)").unwrap().output(), "xri://@a/(@b%2Fc)");
    /// assert!(c.apply("@a/(b").is_err());
    /// ```
    pub fn apply(&self, input: &str) -> Result<Converted, ParseError> {
        let mut done = Converted {
            steps: Vec::new(),
            warnings: Vec::new(),
        };
        let mut from = self.from;
        while from != self.to {
            let text = match done.steps.last() {
                Some(step) => step.text.clone(),
                None => input.to_string(),
            };
            let (next, mut steps) = self
                .stage(from, &text, &mut done.warnings)
                .map_err(|e| e.of_original(input))?;
            // Each stage's first step is its input: the conversion's input
            // for the first stage, which keeps it (named, if the procedure
            // has no name for it), the previous output for the others.
            if done.steps.is_empty() {
                if let Some(first) = steps.first_mut().filter(|s| s.label.is_empty()) {
                    first.label = format!("the {from} as given");
                }
                done.steps = steps;
            } else {
                done.steps.extend(steps.into_iter().skip(1));
            }
            from = next;
        }
        // Every value an operation returns is one of its target grammar
        // (XRI 2.0's IRI-normal form, for one, need not be an IRI:
        // docs/DECISIONS.md, "Conversions").
        let output = done.output();
        let valid = match self.to {
            Grammar::Xri => XriRef::parse(output).map(drop),
            to => crate::syntax::reference::parse_spans(to, false, output, false).map(drop),
        };
        valid.map_err(|e| e.of_original(input))?;
        Ok(done)
    }

    /// One stage from `from` toward `self.to`: the grammar reached and the
    /// stage's steps (its input first).
    fn stage(
        &self,
        from: Grammar,
        text: &str,
        warnings: &mut Vec<HttpXriWarning>,
    ) -> Result<(Grammar, Vec<Step>), ParseError> {
        Ok(match from {
            Grammar::Leiri => {
                let iri = LeiriRef::parse(text)?.to_iri();
                let step = Step::new(
                    "LEIRI Note section 4: characters allowed in LEIRIs and not in IRIs percent-encoded",
                    iri.into_string(),
                );
                (Grammar::Iri, vec![Step::new("", text), step])
            }
            Grammar::Uri => {
                let uri = UriRef::parse(text)?;
                #[allow(unused_mut)]
                let mut steps = uri.to_iri_steps();
                // With IDNA, ToUnicode of the host's Punycode labels after
                // RFC 3987 3.2's steps.
                #[cfg(feature = "idna")]
                if self.uri.idna {
                    let iri = uri.to_iri_with(&self.uri)?;
                    if steps.last().is_none_or(|s| s.text != iri.as_str()) {
                        steps.push(Step::new(
                            "IDNA ToUnicode (UTS #46) of the host's xn-- labels, asked for",
                            iri.into_string(),
                        ));
                    }
                }
                (Grammar::Iri, steps)
            }
            // The IRI-normal form (and from there on to the URI-normal form).
            Grammar::Xri => (
                Grammar::Iri,
                XriRef::parse(text)?.to_iri_normal_steps(self.nfkc)?,
            ),
            Grammar::Iri if self.to == Grammar::Xri => {
                let iri = Iri::parse(text)?;
                if iri.scheme().eq_ignore_ascii_case("xri") {
                    let xri = XriBuf::from_iri_normal(iri.as_reference())?;
                    let step = Step::new(
                        "XRI 2.0 2.3.3: %2F, %3F, %23 and %25 decoded, left to right",
                        xri.as_str(),
                    );
                    (Grammar::Xri, vec![Step::new("", text), step])
                } else {
                    let (xri, found) = XriBuf::from_http_iri(&iri)?;
                    warnings.extend(found);
                    let step = Step::new(
                        "XRI 2.0 Appendix B: the scheme http(s) replaced by xri",
                        xri.as_str(),
                    );
                    (Grammar::Xri, vec![Step::new("", text), step])
                }
            }
            _ => (Grammar::Uri, IriRef::parse(text)?.to_uri_steps(&self.uri)?),
        })
    }
}

/// `iri-bis` converts as `iri` does.
fn plain(grammar: Grammar) -> Grammar {
    match grammar {
        Grammar::IriBis => Grammar::Iri,
        g => g,
    }
}
