//! `sudoku-ilp completions SHELL` and `sudoku-ilp man`: shell completion scripts and a man
//! page, both generated from the clap definitions, so they never drift from the options.

use super::{emit, Cli, Code, Failure};
use clap::{Args, CommandFactory, ValueEnum};

/// Print a shell completion script.
///
/// Example:
///   sudoku-ilp completions bash > ~/.local/share/bash-completion/completions/sudoku-ilp
///   sudoku-ilp completions zsh > ~/.zfunc/_sudoku-ilp
///   sudoku-ilp completions fish > ~/.config/fish/completions/sudoku-ilp.fish
#[derive(Debug, Args)]
#[command(verbatim_doc_comment)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: ShellArg,
}

/// The shells completions are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShellArg {
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

impl From<ShellArg> for clap_complete::Shell {
    fn from(s: ShellArg) -> clap_complete::Shell {
        match s {
            ShellArg::Bash => clap_complete::Shell::Bash,
            ShellArg::Zsh => clap_complete::Shell::Zsh,
            ShellArg::Fish => clap_complete::Shell::Fish,
            ShellArg::Elvish => clap_complete::Shell::Elvish,
            ShellArg::Powershell => clap_complete::Shell::PowerShell,
        }
    }
}

/// Print the man page (roff), e.g. `sudoku-ilp man > sudoku-ilp.1 && man ./sudoku-ilp.1`.
#[derive(Debug, Args)]
pub struct ManArgs {}

/// The binary's name, as completions complete it.
const BIN: &str = "sudoku-ilp";

/// clap_complete's bash script (4.6.11) walks the words into a state named
/// `sudoku__ilp__subcmd__solve` but names its `case` arms `sudoku__subcmd__ilp__subcmd__solve`
/// (the hyphen of the binary's name escaped as a subcommand separator), so no arm after the
/// subcommand ever matches and `sudoku-ilp solve --<TAB>` completes nothing (clap issue 6421,
/// open). The arms are renamed to the state the walk builds.
fn mend_bash_case_names(script: &str) -> String {
    let walked = BIN.replace('-', "__");
    let armed = BIN.replace('-', "__subcmd__");
    script.replace(
        &format!("{armed}__subcmd__"),
        &format!("{walked}__subcmd__"),
    )
}

/// Writes the completion script of `args.shell` to standard output.
pub fn completions(args: CompletionsArgs) -> Result<Code, Failure> {
    let mut script = Vec::new();
    let shell = clap_complete::Shell::from(args.shell);
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    let mut text = String::from_utf8_lossy(&script).into_owned();
    if shell == clap_complete::Shell::Bash {
        text = mend_bash_case_names(&text);
    }
    emit(&text)?;
    Ok(Code::Ok)
}

/// Writes the man page to standard output: the top-level page, then one section per
/// subcommand with its options.
pub fn man(_: ManArgs) -> Result<Code, Failure> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render(&mut page).map_err(Failure::internal)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let title = format!(".SH \"SUDOKU-ILP {}\"\n", sub.get_name().to_uppercase());
        page.extend_from_slice(title.as_bytes());
        let section = clap_mangen::Man::new(sub.clone());
        section
            .render_description_section(&mut page)
            .and_then(|_| section.render_options_section(&mut page))
            .map_err(Failure::internal)?;
    }
    emit(&String::from_utf8_lossy(&page))?;
    Ok(Code::Ok)
}
