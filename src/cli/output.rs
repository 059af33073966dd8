//! Where a command's data goes: standard output or a file named by `-o/--out` (`-` is standard
//! output). Every command writes its files here, and only here:
//!
//! - **Atomic**: a file is written to a temporary file beside it and renamed into place when
//!   complete ([`tempfile`]'s persist), so a failure (a full disk, Ctrl-C, a kill) leaves the
//!   old file or none, never a truncated one. A path that exists and is not a regular file
//!   (`/dev/null`, `/dev/full`, a FIFO) is written in place.
//! - **Never an input**: an output that is the same file as an input of the command (same
//!   device and inode, whatever the names; `-` is standard input's file) is refused before
//!   anything is read or written.
//! - **Checked**: a failed write is a [`Failure`] with one line; a reader that closed the pipe
//!   early (`| head`) ends the command quietly ([`finish`]).

use super::{Code, Failure};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The name of standard output in messages.
const STDOUT: &str = "standard output";

/// True when `path` names standard output (`-`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A file being written: a temporary file beside `path` until [`OutFile::commit`] renames it
/// into place (dropped without a commit, it is deleted), or the special file itself.
pub struct OutFile {
    path: PathBuf,
    target: Target,
}

enum Target {
    Temp(BufWriter<tempfile::NamedTempFile>, Registered),
    Special(BufWriter<File>),
}

impl OutFile {
    /// Starts writing `path`, after refusing it when it is one of `inputs` (see the module doc).
    /// A path that cannot be created is a usage error naming it.
    pub fn create(path: &Path, inputs: &[&str]) -> Result<OutFile, Failure> {
        refuse_input(path, inputs)?;
        let name = path.display().to_string();
        let fail = |e: io::Error| write_failure(&name, &e);
        let target = match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => return Err(write_failure(&name, &is_a_directory())),
            Ok(m) if !m.is_file() => Target::Special(BufWriter::new(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(fail)?,
            )),
            _ => {
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                let file_name = path.file_name().unwrap_or(path.as_os_str());
                let prefix = format!(".{}.", file_name.to_string_lossy());
                remove_stale(dir, &prefix);
                let temp = tempfile::Builder::new()
                    .prefix(&format!("{prefix}{}.", std::process::id()))
                    .suffix(".tmp")
                    .permissions(std::fs::Permissions::from_mode(0o666))
                    .tempfile_in(dir)
                    .map_err(fail)?;
                let registered = register(temp.path());
                Target::Temp(BufWriter::new(temp), registered)
            }
        };
        Ok(OutFile {
            path: path.to_path_buf(),
            target,
        })
    }

    /// Flushes the file and renames it into place: only now does `path` change.
    pub fn commit(self) -> Result<(), Failure> {
        let name = self.path.display().to_string();
        let fail = |e: io::Error| write_failure(&name, &e);
        match self.target {
            Target::Special(mut w) => w.flush().map_err(fail),
            Target::Temp(w, _registered) => {
                let temp = w.into_inner().map_err(|e| fail(e.into_error()))?;
                temp.as_file().sync_all().map_err(fail)?;
                temp.persist(&self.path).map_err(|e| fail(e.error))?;
                Ok(())
            }
        }
    }
}

/// A temporary file's place in the list a signal removes; it leaves the list when dropped
/// (after a commit renamed the file, or with the file, which then deletes itself).
struct Registered(PathBuf);

impl Drop for Registered {
    fn drop(&mut self) {
        let mut list = TEMPORARY.lock().unwrap_or_else(|p| p.into_inner());
        list.retain(|p| p != &self.0);
    }
}

/// The temporary files being written, removed by [`remove_temporary_files`] when a signal
/// ends the process (Ctrl-C, SIGTERM): no `.NAME.PID.XXXX.tmp` is left behind.
static TEMPORARY: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn register(path: &Path) -> Registered {
    let mut list = TEMPORARY.lock().unwrap_or_else(|p| p.into_inner());
    list.push(path.to_path_buf());
    Registered(path.to_path_buf())
}

/// Removes every temporary file being written (from a signal handler, or when memory ran out:
/// the process then exits without running destructors). Allocates nothing for the usual
/// short paths.
pub fn remove_temporary_files() {
    let list = match TEMPORARY.try_lock() {
        Ok(list) => list,
        Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return,
    };
    for path in list.iter() {
        let _ = std::fs::remove_file(path);
    }
}

/// Removes the temporary files `{prefix}{pid}.XXXX.tmp` in `dir` of processes that no longer
/// run (a run killed with SIGKILL, or by the kernel for memory, cannot remove its own).
fn remove_stale(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(prefix)) else {
            continue;
        };
        let Some((pid, _)) = rest.split_once('.') else {
            continue;
        };
        let gone = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
        });
        if gone && rest.ends_with(".tmp") && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Write for OutFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Temp(w, _) => w.write(buf),
            Target::Special(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Temp(w, _) => w.flush(),
            Target::Special(w) => w.flush(),
        }
    }
}

fn is_a_directory() -> io::Error {
    io::Error::from(io::ErrorKind::IsADirectory)
}

/// Refuses `out` when it is the same file (device and inode) as one of `inputs`; `-` among the
/// inputs stands for standard input's file. A path that does not exist yet is no input.
pub fn refuse_input(out: &Path, inputs: &[&str]) -> Result<(), Failure> {
    let Ok(target) = std::fs::metadata(out) else {
        return Ok(());
    };
    if !target.is_file() {
        return Ok(());
    }
    for input in inputs {
        let seen = if *input == "-" {
            std::fs::metadata("/dev/stdin")
        } else {
            std::fs::metadata(input)
        };
        if seen.is_ok_and(|m| m.dev() == target.dev() && m.ino() == target.ino()) {
            let input = if *input == "-" {
                "standard input"
            } else {
                input
            };
            return Err(Failure::usage(format!(
                "{}: is also the input {input}; write to another file",
                out.display()
            )));
        }
    }
    Ok(())
}

/// The destination of a command's streamed data (`batch`, `merge`): standard output, or a file
/// written atomically ([`OutFile`]) that appears only at [`Destination::commit`].
pub enum Destination {
    Stdout(BufWriter<io::Stdout>),
    File(OutFile),
    /// A file appended in place, each line flushed: `batch --resume`'s journal, the one output
    /// that must survive a kill so that a second run can go on from it (see `resume.rs`).
    Journal(BufWriter<File>),
}

impl Destination {
    /// Standard output for `None` or `-`, else an [`OutFile`] (refused when it is one of
    /// `inputs`).
    pub fn open(out: Option<&Path>, inputs: &[&str]) -> Result<Destination, Failure> {
        match out {
            Some(path) if !is_stdout(path) => OutFile::create(path, inputs).map(Destination::File),
            _ if stdout_closed() => Err(closed_stdout()),
            _ => Ok(Destination::Stdout(BufWriter::new(io::stdout()))),
        }
    }

    pub fn is_stdout(&self) -> bool {
        matches!(self, Destination::Stdout(_))
    }

    /// Flushes standard output, or renames the file into place.
    pub fn commit(self) -> Result<(), Failure> {
        match self {
            Destination::Stdout(mut w) => finish(STDOUT, w.flush()),
            Destination::File(f) => f.commit(),
            Destination::Journal(mut w) => finish("the resumed output", w.flush()),
        }
    }
}

impl Write for Destination {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Destination::Stdout(w) => w.write(buf),
            Destination::File(f) => f.write(buf),
            Destination::Journal(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Destination::Stdout(w) => w.flush(),
            Destination::File(f) => f.flush(),
            Destination::Journal(w) => w.flush(),
        }
    }
}

/// Writes `text` to standard output and flushes it.
pub fn emit(text: &str) -> Result<(), Failure> {
    if stdout_closed() {
        return Err(closed_stdout());
    }
    let mut stdout = io::stdout().lock();
    finish(
        STDOUT,
        stdout
            .write_all(text.as_bytes())
            .and_then(|_| stdout.flush()),
    )
}

/// Writes `text` to `path` (`-` or `None`: standard output) and flushes it; a file is written
/// atomically and must not be one of `inputs` ([`OutFile`]).
pub fn write_out(path: Option<&Path>, inputs: &[&str], text: &str) -> Result<(), Failure> {
    match path {
        None => emit(text),
        Some(p) if is_stdout(p) => emit(text),
        Some(p) => {
            let mut out = OutFile::create(p, inputs)?;
            out.write_all(text.as_bytes())
                .map_err(|e| write_failure(&p.display().to_string(), &e))?;
            out.commit()
        }
    }
}

/// True when the process started with standard output closed (`cmd >&-`). Rust's runtime
/// then opens `/dev/null` on descriptor 1 (read-write), where every write "succeeds"; a shell's
/// `> /dev/null` opens it write-only, so the two are told apart by the descriptor's flags
/// (Linux: `/proc/self/fdinfo/1`).
pub fn stdout_closed() -> bool {
    static CLOSED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CLOSED.get_or_init(|| {
        let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
            return false;
        };
        let flags = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
        let read_write = flags.is_some_and(|f| f & 0o3 == 0o2);
        let null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
        read_write && null
    })
}

/// "cannot write standard output: it is closed" (exit 3), before any work.
fn closed_stdout() -> Failure {
    Failure {
        code: Code::LimitOrInternal,
        error: anyhow::anyhow!("cannot write {STDOUT}: it is closed"),
    }
}

/// The outcome of a write to `name`: a closed pipe is not an error, any other failure is. A
/// closed standard output is remembered ([`reader_gone`]).
pub fn finish(name: &str, result: io::Result<()>) -> Result<(), Failure> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(write_failure(name, &e)),
        Err(_) if name == STDOUT => {
            reader_left();
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Set once a write to standard output found the pipe closed.
static READER_GONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Notes that the reader of standard output went away (`… | head -1`).
pub fn reader_left() {
    READER_GONE.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// True once the reader of standard output went away: the command then ends quietly with exit
/// code 0, whatever it found, and prints no summary (README, exit codes).
pub fn reader_gone() -> bool {
    READER_GONE.load(std::sync::atomic::Ordering::Relaxed)
}

/// "cannot write NAME: reason". A path the user can fix (missing directory, permissions) is a
/// usage error (exit 2); anything else (a full disk, an I/O error) exits 3.
pub fn write_failure(name: &str, e: &io::Error) -> Failure {
    let (code, reason) = match e.kind() {
        io::ErrorKind::NotFound => (Code::BadInput, "no such directory".to_string()),
        io::ErrorKind::PermissionDenied => (Code::BadInput, "permission denied".to_string()),
        io::ErrorKind::IsADirectory => (Code::BadInput, "is a directory".to_string()),
        // ENAMETOOLONG: a name the user can shorten.
        // ENAMETOOLONG ("file name too long") and other names the user can change.
        io::ErrorKind::InvalidFilename => (Code::BadInput, plain_reason(e)),
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
