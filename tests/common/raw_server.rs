//! A raw HTTP/1.1 server on loopback that streams a scripted answer
//! chunked, as long as the test wants (an endless body, a gzip bomb): what
//! the scripted [`super::server::TestServer`], which answers whole, cannot.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One scripted answer, always sent chunked (no length a client could
/// check first): `prefix`, then `piece` `times` times (`None`: until the
/// client goes away).
#[derive(Clone)]
pub struct Answer {
    pub head: String,
    pub prefix: Vec<u8>,
    pub piece: Vec<u8>,
    pub times: Option<usize>,
}

impl Answer {
    pub fn new(status: &str, headers: &[&str]) -> Answer {
        let mut head = format!("HTTP/1.1 {status}\r\n");
        for header in headers {
            head.push_str(header);
            head.push_str("\r\n");
        }
        head.push_str("transfer-encoding: chunked\r\nconnection: close\r\n\r\n");
        Answer {
            head,
            prefix: Vec::new(),
            piece: Vec::new(),
            times: Some(0),
        }
    }

    pub fn body(mut self, prefix: &[u8], piece: &[u8], times: Option<usize>) -> Answer {
        self.prefix = prefix.to_vec();
        self.piece = piece.to_vec();
        self.times = times;
        self
    }
}

/// A raw HTTP/1.1 server on loopback answering every request with `answer`.
pub struct Streamer {
    pub url: String,
    pub hits: Arc<AtomicUsize>,
}

impl Streamer {
    pub fn start(answer: Answer) -> Streamer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let hits = Arc::new(AtomicUsize::new(0));
        let counted = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                counted.fetch_add(1, Ordering::SeqCst);
                let answer = answer.clone();
                std::thread::spawn(move || {
                    // The client hanging up ends the answer: no error.
                    let _ = serve(stream, &answer);
                });
            }
        });
        Streamer { url, hits }
    }

    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }
}

/// Reads one request from `stream` and sends `answer`, chunk by chunk.
pub fn serve(stream: TcpStream, answer: &Answer) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let mut stream = std::io::BufWriter::with_capacity(256 << 10, reader.into_inner());
    stream.write_all(answer.head.as_bytes())?;
    let mut chunk = |data: &[u8]| -> std::io::Result<()> {
        if !data.is_empty() {
            write!(stream, "{:x}\r\n", data.len())?;
            stream.write_all(data)?;
            stream.write_all(b"\r\n")?;
        }
        Ok(())
    };
    chunk(&answer.prefix)?;
    let mut sent = 0;
    while answer.times.is_none_or(|times| sent < times) {
        chunk(&answer.piece)?;
        sent += 1;
    }
    stream.write_all(b"0\r\n\r\n")?;
    stream.flush()
}
