//! The names of the library's choices (methods, models, the binary model's cage, thermo and
//! pair forms, export and input formats), as the
//! command line, JSON and Python spell them. A leaf of the crate: each enum says its values and
//! their names once, here through [`Named`]; `FromStr` and `Display` follow from it, and the
//! command line builds its value parser from [`Named::all`] and [`Named::about`].

/// An enum whose values have names.
pub trait Named: Copy + Send + Sync + 'static {
    /// What the values are, for messages: `method`, `model`, `format`, `input format`.
    const WHAT: &'static str;
    /// Every value, in the order help texts list them.
    fn all() -> &'static [Self];
    /// The name used on the command line, in JSON and in Python.
    fn name(self) -> &'static str;
    /// One line that says what the value is (the command line's help).
    fn about(self) -> &'static str;
    /// Other names that are accepted for this value (hidden from help).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }
}

/// A name that no value of an enum has. Its message names the choice by [`Named::WHAT`]; a
/// front end says the same sentence with its own name of the option ([`UnknownName::said_of`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.said_of(self.what))]
pub struct UnknownName {
    /// [`Named::WHAT`] of the enum.
    pub what: &'static str,
    /// The name as given.
    pub name: String,
    /// The names there are, separated by `, `.
    pub expected: String,
}

impl UnknownName {
    /// What follows the option's name: `"x": expected one of sets, sum, implied`.
    pub fn words(&self) -> String {
        format!("{:?}: expected one of {}", self.name, self.expected)
    }

    /// The message with `option` (`--cage-form`, `cage_form`) in place of [`Named::WHAT`].
    pub fn said_of(&self, option: &str) -> String {
        format!("{option} {}", self.words())
    }
}

/// The value named `name` (its name or an alias).
pub fn parse<T: Named>(name: &str) -> Result<T, UnknownName> {
    T::all()
        .iter()
        .copied()
        .find(|v| v.name() == name || v.aliases().contains(&name))
        .ok_or_else(|| UnknownName {
            what: T::WHAT,
            name: name.to_string(),
            expected: names::<T>().join(", "),
        })
}

/// Every value's name, in the order of [`Named::all`].
pub fn names<T: Named>() -> Vec<&'static str> {
    T::all().iter().map(|v| v.name()).collect()
}

/// `FromStr` (through [`parse`]) and `Display` (the name) of a [`Named`] enum.
macro_rules! impl_named_text {
    ($t:ty) => {
        impl std::str::FromStr for $t {
            type Err = $crate::named::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::named::parse(s)
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::named::Named::name(*self))
            }
        }
    };
}
pub(crate) use impl_named_text;
