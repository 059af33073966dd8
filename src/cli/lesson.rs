//! `sudoku-ilp lesson`: check a lesson file, play it, or print its JSON Schema.

use super::{emit, Code, Failure};
use clap::{Args, Subcommand};
use std::io::BufRead;
use std::path::PathBuf;
use sudoku_ilp::lesson::text::{check_text, grade_text, score_text, shown_text};
use sudoku_ilp::lesson::{check_lesson, open, schema_text, LessonError, NativePlayer};
use sudoku_ilp::limits::{Limits, DEFAULT_TIME_LIMIT};

/// Lessons as files: a JSON file with a puzzle, the model and objective, then steps (text to
/// read, an action the tool takes, a question with its expected answer, a hint); the format is
/// docs/lessons.md, its JSON Schema docs/lesson.schema.json (`lesson schema`).
///
/// Examples:
///   sudoku-ilp lesson check data/lessons/branch-and-bound.json
///   sudoku-ilp lesson play data/lessons/duality.json --answers my-answers.txt
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct LessonArgs {
    #[command(subcommand)]
    pub command: LessonCommand,
}

#[derive(Debug, Subcommand)]
pub enum LessonCommand {
    Check(CheckArgs),
    Play(PlayArgs),
    /// Print the JSON Schema of a lesson file (as docs/lesson.schema.json holds it).
    Schema,
}

/// Play every step and verify that every expected answer is what the library computes.
///
/// Exit codes: 0 every answer right, 1 an expected answer is wrong (each named with its step
/// and what the library computes), 2 a lesson that cannot be read or played (one line naming
/// the step), 3 a solver failure or time limit.
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CheckArgs {
    /// The lesson file (JSON).
    pub file: PathBuf,

    /// Time limit in seconds of each LP and MILP the lesson runs.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
}

/// Play a lesson: each step is shown (its action run), then its question asked; answers are
/// read one a line from standard input (or --answers FILE), each graded with its reason. An
/// answer "?" shows the step's hint and reads the next line; an empty line leaves the question
/// unanswered. The last line is the score: the questions answered right at the first try.
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct PlayArgs {
    /// The lesson file (JSON).
    pub file: PathBuf,

    /// Read the answers from this file instead of standard input.
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// Time limit in seconds of each LP and MILP the lesson runs.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
}

pub fn run(args: LessonArgs) -> Result<Code, Failure> {
    match args.command {
        LessonCommand::Check(args) => check(args),
        LessonCommand::Play(args) => play(args),
        LessonCommand::Schema => {
            emit(&schema_text())?;
            Ok(Code::Ok)
        }
    }
}

fn lesson_failure(e: LessonError) -> Failure {
    if e.is_solver() {
        Failure::internal(e)
    } else {
        Failure::usage(e.to_string())
    }
}

fn player(file: &std::path::Path, seconds: f64) -> Result<NativePlayer, Failure> {
    let limits = Limits::seconds(seconds).map_err(super::model_args::limit_failure)?;
    open(file, limits).map_err(lesson_failure)
}

fn check(args: CheckArgs) -> Result<Code, Failure> {
    let mut player = player(&args.file, args.time_limit)?;
    let name = args.file.display().to_string();
    let report = check_lesson(&mut player).map_err(|e| lesson_failure(in_file(&name, e)))?;
    emit(&check_text(&name, &report))?;
    Ok(if report.passed() {
        Code::Ok
    } else {
        Code::NoSolution
    })
}

/// A step's error said with the lesson file's name.
fn in_file(name: &str, e: LessonError) -> LessonError {
    match e {
        LessonError::Step { step, what } => LessonError::Step {
            step,
            what: format!("{what} (in {name})"),
        },
        e => e,
    }
}

fn play(args: PlayArgs) -> Result<Code, Failure> {
    let mut player = player(&args.file, args.time_limit)?;
    let name = args.file.display().to_string();
    let reader: Box<dyn BufRead> = match &args.answers {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path)
                .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut lines = reader.lines();
    let total = player.lesson.steps.len();
    emit(&format!("{}\n", player.lesson.title))?;
    while let Some(shown) = player
        .next_step()
        .map_err(|e| lesson_failure(in_file(&name, e)))?
    {
        emit(&shown_text(&shown, total))?;
        if shown.question.is_none() {
            continue;
        }
        loop {
            let line = match lines.next() {
                None => String::new(),
                Some(line) => line.map_err(|e| Failure::usage(format!("the answers: {e}")))?,
            };
            let answer = line.trim();
            if answer == "?" {
                emit(&match &shown.hint {
                    Some(hint) => format!("hint: {hint}\n"),
                    None => "hint: this step has none\n".into(),
                })?;
                continue;
            }
            if answer.is_empty() {
                emit("not answered\n")?;
            } else {
                let grade = player
                    .answer(answer)
                    .map_err(|e| lesson_failure(in_file(&name, e)))?;
                emit(&grade_text(&grade))?;
            }
            break;
        }
    }
    emit(&score_text(&player.score(), &player.lesson.title))?;
    Ok(Code::Ok)
}
