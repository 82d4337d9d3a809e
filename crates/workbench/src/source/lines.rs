//! A text's lines, whatever ends them (CR, LF or CRLF), and where each
//! piece of an extracted figure was in them.

/// The byte ranges of a text's lines, their ends left out: a line ends at
/// LF, CR, or CRLF, so that every kind of file gets the same numbers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lines {
    ranges: Vec<(usize, usize)>,
}

impl Lines {
    pub(crate) fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut ranges = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\n' => {
                    ranges.push((start, i));
                    start = i + 1;
                }
                b'\r' => {
                    ranges.push((start, i));
                    if bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        if start < bytes.len() {
            ranges.push((start, bytes.len()));
        }
        Lines { ranges }
    }

    pub(crate) fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Line `index` (from 0) of `text`, the text these lines were made from.
    pub(crate) fn get<'t>(&self, text: &'t str, index: usize) -> Option<&'t str> {
        let &(start, end) = self.ranges.get(index)?;
        text.get(start..end)
    }

    /// Where line `index` starts in the text.
    pub(crate) fn start(&self, index: usize) -> Option<usize> {
        self.ranges.get(index).map(|r| r.0)
    }

    /// The line (from 0) that byte `offset` is on.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.ranges
            .partition_point(|&(start, _)| start <= offset)
            .saturating_sub(1)
    }

    /// Every line of `text`, in order.
    pub(crate) fn all<'t>(&self, text: &'t str) -> Vec<&'t str> {
        (0..self.len())
            .map(|i| self.get(text, i).unwrap_or_default())
            .collect()
    }
}

/// Where a line of a figure comes from: a line of the original file, and
/// how its bytes sit in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The original line, from 0.
    pub(crate) line: usize,
    pub(crate) columns: Columns,
}

/// How the bytes of a figure's line map to those of its original line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Columns {
    /// Byte `i` was byte `i + n` (the indentation taken off).
    Shift(usize),
    /// Byte `i` was byte `map[i]` (XML entities decoded); past the end,
    /// one past the last.
    Map(Vec<usize>),
}

impl Origin {
    /// The byte of the original line that byte `i` of the figure's line was.
    pub(crate) fn byte(&self, i: usize) -> usize {
        match &self.columns {
            Columns::Shift(n) => i + n,
            Columns::Map(map) => match map.get(i) {
                Some(&b) => b,
                None => map.last().map_or(i, |&b| b + 1 + (i - map.len())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_lf_and_crlf_each_end_a_line() {
        let text = "a\rb\nc\r\nd";
        let lines = Lines::new(text);
        assert_eq!(lines.all(text), ["a", "b", "c", "d"]);
        assert_eq!(lines.line_of(text.find('c').unwrap()), 2);
        assert_eq!(Lines::new("x\n\n").all("x\n\n"), ["x", ""]);
    }

    #[test]
    fn a_map_goes_on_past_its_end() {
        let origin = Origin {
            line: 0,
            columns: Columns::Map(vec![0, 4, 5]),
        };
        assert_eq!((origin.byte(1), origin.byte(3), origin.byte(4)), (4, 6, 7));
    }
}
