//! The lesson file: a puzzle, the model and its forms, an objective, then steps. Each step has
//! text to read, an action the tool takes (a lab script, a proof or a row check, shown to the
//! student), a question with its kind and expected answer, and a hint. Read with serde; the
//! JSON Schema (`docs/lesson.schema.json`) is generated from these types by schemars
//! ([`schema_text`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A lesson.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The lesson's title.
    pub title: String,
    /// What the lesson is about, in a sentence or two.
    #[serde(default)]
    pub about: String,
    /// The puzzle: a file (a path relative to the lesson file) or the text itself.
    pub puzzle: PuzzleSource,
    /// In a line file, the puzzle on this line (1-based, as `--line`).
    #[serde(default)]
    pub line: Option<usize>,
    /// The model that the measures (rows, columns, root LP) read unless a measure names its
    /// own; the lab always runs on the binary model (its default forms, givens' columns left
    /// out).
    #[serde(default)]
    pub model: ModelChoice,
    /// A linear objective, as `--objective` reads it: `max:diagonal`, `min:random:2`,
    /// `first-row`; replaces the puzzle file's own.
    #[serde(default)]
    pub objective: Option<String>,
    /// The steps, played in order.
    pub steps: Vec<LessonStep>,
}

/// Where the puzzle comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PuzzleSource {
    /// A puzzle file, relative to the lesson file's folder.
    Path(String),
    /// The puzzle's text (JSON, a line of n² characters or a grid block).
    Text(String),
}

/// A formulation and its forms (the names `--model`, `--cage-form`, … take).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModelChoice {
    /// `binary`, `natural` or `natural-strong`.
    #[serde(default = "binary")]
    pub kind: String,
    /// Binary model: leave out the columns that givens rule out.
    #[serde(default)]
    pub reduce: bool,
    /// Binary model: `sets` (strong), `sum` (weak) or `implied`.
    #[serde(default)]
    pub cage_form: Option<String>,
    /// Binary model: `cumulative` (strong) or `aggregated` (weak).
    #[serde(default)]
    pub thermo_form: Option<String>,
    /// Binary model: `support` (strong) or `conflict` (weak).
    #[serde(default)]
    pub pair_form: Option<String>,
}

fn binary() -> String {
    "binary".into()
}

impl Default for ModelChoice {
    fn default() -> Self {
        ModelChoice {
            kind: binary(),
            reduce: false,
            cage_form: None,
            thermo_form: None,
            pair_form: None,
        }
    }
}

/// One step: read, see the action, answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LessonStep {
    /// Text to read.
    pub text: String,
    /// What the tool does when the step is shown (before the question is asked).
    #[serde(default)]
    pub action: Option<Action>,
    /// The question, asked on the state after the action.
    #[serde(default)]
    pub question: Option<Question>,
    /// A hint the student may ask for.
    #[serde(default)]
    pub hint: Option<String>,
}

/// An action the tool takes and shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Lab steps in the language of `lab --do` (`branch r1c1; node 1; cut gomory`), run from
    /// the node where the previous lab action left off (the root at first); the lab's first
    /// action shows the root (`""`: only the root).
    Lab(String),
    /// A combination of rows checked as a proof of an elimination (as `prove`), with the
    /// tool's own certificate.
    Prove { eliminate: String, rows: String },
    /// Rows for one rule checked (as `row-check`).
    RowCheck { rule: String, rows: String },
    /// The next step of the puzzle's path as `hint` shows it, at `level` (`where`,
    /// `technique`, `rows`, `value`: the default).
    Hint {
        #[serde(default)]
        level: Option<String>,
    },
}

/// A question and its expected answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// A prediction the lab grades at the current node (`ask` is `lab --do`'s `predict`
    /// question without the answer: `bound r1c2=2`, `next best`, `branch`, `infeasible
    /// r1c1=3`, `integral`).
    Predict {
        prompt: String,
        ask: String,
        answer: String,
    },
    /// A combination of rows proving that `eliminate` (`r8c3=2`) is no candidate on the LP
    /// relaxation; right when it proves it.
    Certificate {
        prompt: String,
        eliminate: String,
        answer: String,
    },
    /// A cut at the current node (LP syntax or the short form); right when it is valid (no grid
    /// of the node's subproblem violates it, decided exactly) and, unless `cuts_off` is false,
    /// cuts off the node's LP point. The valid cut is not added: an action adds cuts.
    Cut {
        prompt: String,
        answer: String,
        #[serde(default = "yes")]
        cuts_off: bool,
    },
    /// Rows for one rule (`cage1`, `thermo1_step1`, `row_r1`, …); right when they accept
    /// exactly the assignments the rule allows and, when `strong`, are as strong as the
    /// project's form.
    RowCheck {
        prompt: String,
        rule: String,
        answer: String,
        #[serde(default)]
        strong: bool,
    },
    /// A number the library computes (`measure`), right within `tolerance`.
    Number {
        prompt: String,
        measure: Measure,
        answer: f64,
        #[serde(default = "default_tolerance")]
        tolerance: f64,
    },
    /// One option of several; the right one is the option whose measure is the largest (or
    /// smallest, as `pick` says). The student answers with its text or its number (from 1).
    Choice {
        prompt: String,
        options: Vec<ChoiceOption>,
        pick: Pick,
        answer: String,
    },
}

fn yes() -> bool {
    true
}

/// Numbers within this of the library's are right unless a question says otherwise.
pub const DEFAULT_TOLERANCE: f64 = 1e-3;

fn default_tolerance() -> f64 {
    DEFAULT_TOLERANCE
}

impl Question {
    /// What the student is asked.
    pub fn prompt(&self) -> &str {
        match self {
            Question::Predict { prompt, .. }
            | Question::Certificate { prompt, .. }
            | Question::Cut { prompt, .. }
            | Question::RowCheck { prompt, .. }
            | Question::Number { prompt, .. }
            | Question::Choice { prompt, .. } => prompt,
        }
    }

    /// The lesson's expected answer, as text.
    pub fn expected(&self) -> String {
        match self {
            Question::Predict { answer, .. }
            | Question::Certificate { answer, .. }
            | Question::Cut { answer, .. }
            | Question::RowCheck { answer, .. }
            | Question::Choice { answer, .. } => answer.clone(),
            Question::Number { answer, .. } => crate::lab::cuts::short(*answer),
        }
    }

    /// The kind's name (`predict`, `certificate`, `cut`, `row_check`, `number`, `choice`).
    pub fn kind(&self) -> &'static str {
        match self {
            Question::Predict { .. } => "predict",
            Question::Certificate { .. } => "certificate",
            Question::Cut { .. } => "cut",
            Question::RowCheck { .. } => "row_check",
            Question::Number { .. } => "number",
            Question::Choice { .. } => "choice",
        }
    }
}

/// An option of a choice and the measure that ranks it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    pub text: String,
    pub measure: Measure,
}

/// Which option of a choice is right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    Largest,
    Smallest,
}

/// A number the library computes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "of", rename_all = "snake_case", deny_unknown_fields)]
pub enum Measure {
    /// The model's rows (the lesson's model unless `model` is given).
    Rows {
        #[serde(default)]
        model: Option<ModelChoice>,
    },
    /// The model's columns.
    Columns {
        #[serde(default)]
        model: Option<ModelChoice>,
    },
    /// The model's root LP value (every integrality dropped), with the lesson's objective.
    RootLp {
        #[serde(default)]
        model: Option<ModelChoice>,
    },
    /// How many integer columns are fractional at the root LP point HiGHS returns (one vertex).
    RootFractional {
        #[serde(default)]
        model: Option<ModelChoice>,
    },
    /// The LP value of a lab node (the current node when `node` is absent).
    NodeLp {
        #[serde(default)]
        node: Option<usize>,
    },
    /// The incumbent's objective value in the lab.
    Incumbent,
    /// The lab's bound: no grid beats it.
    Bound,
    /// |bound − incumbent| in the lab.
    Gap,
    /// How many lab nodes are open.
    OpenNodes,
}

/// The lesson file's JSON Schema, as `docs/lesson.schema.json` holds it (ends with a newline).
pub fn schema_text() -> String {
    let schema = schemars::schema_for!(Lesson);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
