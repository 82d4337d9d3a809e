//! What a template's variables hold (RFC 6570 section 2.3): a string, a
//! list of strings, or an associative array of (name, value) pairs, and
//! the [`Variables`] trait through which expansion asks for them.

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

/// A variable's value (RFC 6570 section 2.3). A list or associative array
/// with no member is undefined (section 3.2.1), as is a variable
/// [`Variables::get`] does not find.
///
/// ```
/// use xiri::template::Value;
/// let keys = Value::from(vec![("semi", ";"), ("dot", ".")]);
/// assert_eq!(keys, Value::Map(vec![("semi".into(), ";".into()), ("dot".into(), ".".into())]));
/// assert!(Value::List(Vec::new()).is_undefined());
/// assert!(!Value::from("").is_undefined());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A string (empty is defined: `{?empty}` gives `?empty=`).
    String(String),
    /// A list of strings, in order.
    List(Vec<String>),
    /// An associative array: (name, value) pairs, in the order given.
    Map(Vec<(String, String)>),
}

impl Value {
    /// Whether section 3.2.1 treats the value as undefined: an empty list
    /// or an empty associative array.
    ///
    /// ```
    /// assert!(xiri::template::Value::Map(Vec::new()).is_undefined());
    /// ```
    pub fn is_undefined(&self) -> bool {
        match self {
            Value::String(_) => false,
            Value::List(items) => items.is_empty(),
            Value::Map(pairs) => pairs.is_empty(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(items: Vec<String>) -> Self {
        Value::List(items)
    }
}

impl From<Vec<&str>> for Value {
    fn from(items: Vec<&str>) -> Self {
        Value::List(items.into_iter().map(str::to_string).collect())
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(pairs: Vec<(String, String)>) -> Self {
        Value::Map(pairs)
    }
}

impl From<Vec<(&str, &str)>> for Value {
    fn from(pairs: Vec<(&str, &str)>) -> Self {
        Value::Map(
            pairs
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }
}

/// Where expansion finds the variables: by name, as the template writes it
/// (a name's pct-encoded triplets are part of it and not decoded, section
/// 2.3). Implemented for hash maps and B-tree maps from names to
/// [`Value`]s, and for references to any implementation.
///
/// ```
/// use std::collections::HashMap;
/// use xiri::template::{Template, Value, Variables};
/// /// Every variable is "x".
/// struct AllX(Value);
/// impl Variables for AllX {
///     fn get(&self, _name: &str) -> Option<&Value> { Some(&self.0) }
/// }
/// let t = Template::parse("{a}{/b}").unwrap();
/// assert_eq!(t.expand(&AllX("x".into())).unwrap().as_str(), "x/x");
/// let mut vars = HashMap::new();
/// vars.insert("a", Value::from("1"));
/// assert_eq!(t.expand(&vars).unwrap().as_str(), "1");
/// ```
pub trait Variables {
    /// The value of the variable `name`; `None` when it is undefined.
    fn get(&self, name: &str) -> Option<&Value>;
}

impl<V: Variables + ?Sized> Variables for &V {
    fn get(&self, name: &str) -> Option<&Value> {
        (**self).get(name)
    }
}

impl<K: Borrow<str> + Hash + Eq, H: BuildHasher> Variables for HashMap<K, Value, H> {
    fn get(&self, name: &str) -> Option<&Value> {
        HashMap::get(self, name)
    }
}

impl<K: Borrow<str> + Ord> Variables for BTreeMap<K, Value> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name)
    }
}
