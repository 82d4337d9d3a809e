//! Parse trees: which production matched which span of the input, as a
//! plain tree that does not expose pest.

use std::fmt;

/// One production that matched: its ABNF name, its byte span, its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub(crate) name: &'static str,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) children: Vec<Node>,
}

impl Node {
    /// The production's name as the ABNF spells it, e.g. `ihier-part`.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert_eq!(tree.roots()[0].name(), "URI");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The byte range of the input it matched.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert_eq!(tree.roots()[0].span(), 0..3);
    /// ```
    pub fn span(&self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The productions it is made of, in input order.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// let names: Vec<_> = tree.roots()[0].children().iter().map(|n| n.name()).collect();
    /// assert_eq!(names, ["scheme", "hier-part"]);
    /// ```
    pub fn children(&self) -> &[Node] {
        &self.children
    }

    /// This node and all below it, depth first, with their depth.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert!(tree.roots()[0].walk().any(|(_, n)| n.name() == "segment-nz"));
    /// ```
    pub fn walk(&self) -> impl Iterator<Item = (usize, &Node)> {
        let mut stack = vec![(0, self)];
        std::iter::from_fn(move || {
            let (depth, node) = stack.pop()?;
            stack.extend(node.children.iter().rev().map(|c| (depth + 1, c)));
            Some((depth, node))
        })
    }
}

/// The parse tree an input got from one rule of one grammar.
///
/// `Display` prints one production a line, indented by depth, with its byte
/// span and the text it matched.
///
/// ```
/// let tree = xiri::Grammar::Uri.rule("authority").unwrap().parse_tree("a:1").unwrap();
/// let text = tree.to_string();
/// assert!(text.starts_with("authority 0..3 \"a:1\"\n  host 0..1 \"a\""));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ParseTree<'a> {
    pub(crate) input: &'a str,
    pub(crate) roots: Vec<Node>,
}

impl<'a> ParseTree<'a> {
    /// The input the tree is of.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert_eq!(tree.input(), "a:b");
    /// ```
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The top productions (usually one: the rule that was asked for).
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert_eq!(tree.roots().len(), 1);
    /// ```
    pub fn roots(&self) -> &[Node] {
        &self.roots
    }

    /// The text a node matched.
    ///
    /// ```
    /// let tree = xiri::Grammar::Uri.reference().parse_tree("a:b").unwrap();
    /// assert_eq!(tree.text(&tree.roots()[0].children()[0]), "a");
    /// ```
    pub fn text(&self, node: &Node) -> &'a str {
        &self.input[node.start..node.end]
    }
}

/// The input with what may be a password as `****`, and the nodes.
impl fmt::Debug for ParseTree<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseTree")
            .field("input", &crate::syntax::mask::Masked::Text(self.input))
            .field("roots", &self.roots)
            .finish()
    }
}

impl fmt::Display for ParseTree<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for root in &self.roots {
            for (depth, node) in root.walk() {
                writeln!(
                    f,
                    "{:indent$}{} {}..{} {:?}",
                    "",
                    node.name,
                    node.start,
                    node.end,
                    self.text(node),
                    indent = depth * 2
                )?;
            }
        }
        Ok(())
    }
}
