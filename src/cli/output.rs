//! Where a command's data goes: standard output or a file named by `-o/--out` (`-` is standard
//! output). Every write is checked: a failed write is a [`Failure`] with one line, except a
//! reader that closed the pipe early (`| head`), which ends the command quietly as usual.

use super::{Code, Failure};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// The name of standard output in messages.
const STDOUT: &str = "standard output";

/// True when `path` names standard output (`-`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Opens the destination of `-o/--out`: `-` is standard output, anything else a file created
/// (or truncated) now. A path that cannot be created is a usage error naming it.
pub fn open_out(path: &Path) -> Result<Box<dyn Write + Send>, Failure> {
    if is_stdout(path) {
        return Ok(Box::new(io::stdout()));
    }
    let file = File::create(path).map_err(|e| write_failure(&path.display().to_string(), &e))?;
    Ok(Box::new(BufWriter::new(file)))
}

/// Writes `text` to standard output and flushes it.
pub fn emit(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    finish(
        STDOUT,
        stdout
            .write_all(text.as_bytes())
            .and_then(|_| stdout.flush()),
    )
}

/// Writes `text` to `path` (`-` or `None`: standard output) and flushes it.
pub fn write_out(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => emit(text),
        Some(p) if is_stdout(p) => emit(text),
        Some(p) => {
            let mut out = open_out(p)?;
            finish(
                &p.display().to_string(),
                out.write_all(text.as_bytes()).and_then(|_| out.flush()),
            )
        }
    }
}

/// The outcome of a write to `name`: a closed pipe is not an error, any other failure is.
pub fn finish(name: &str, result: io::Result<()>) -> Result<(), Failure> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(write_failure(name, &e)),
        _ => Ok(()),
    }
}

/// "cannot write NAME: reason". A path the user can fix (missing directory, permissions) is a
/// usage error (exit 2); anything else (a full disk, an I/O error) exits 3.
pub fn write_failure(name: &str, e: &io::Error) -> Failure {
    let (code, reason) = match e.kind() {
        io::ErrorKind::NotFound => (Code::BadInput, "no such directory".to_string()),
        io::ErrorKind::PermissionDenied => (Code::BadInput, "permission denied".to_string()),
        io::ErrorKind::IsADirectory => (Code::BadInput, "is a directory".to_string()),
        io::ErrorKind::StorageFull => (Code::LimitOrInternal, "no space left on device".into()),
        _ => (Code::LimitOrInternal, plain_reason(e)),
    };
    Failure {
        code,
        error: anyhow::anyhow!("cannot write {name}: {reason}"),
    }
}

/// An I/O error's text without the " (os error N)" suffix.
fn plain_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" (os error ") {
        Some((reason, _)) => reason.to_lowercase(),
        None => text,
    }
}
