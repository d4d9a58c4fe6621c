//! `cra sandbox --webhook-url`: new records appear in the API and a signed
//! `rating.created` reaches a receiver, with retries on failure.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::Duration;

use Answer::{AlwaysOk, FailFirstSight};

use crate::common::{Home, Sandbox};

struct Delivery {
    head: String,
    body: Vec<u8>,
}

impl Delivery {
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (k, v) = line.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    }
}

/// How the test receiver answers.
#[derive(Clone, Copy)]
enum Answer {
    AlwaysOk,
    /// 500 the first time a body is seen, 200 after.
    FailFirstSight,
}

/// A one-request-per-connection HTTP receiver on a free port, reporting
/// each delivery.
fn receiver(answer: Answer) -> (String, mpsc::Receiver<Delivery>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut seen: Vec<Vec<u8>> = Vec::new();
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let mut reader = BufReader::new(stream);
            let mut head = String::new();
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                head.push_str(&line);
            }
            let delivery = Delivery {
                head,
                body: Vec::new(),
            };
            let length: usize = delivery
                .header("content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            let status = match answer {
                AlwaysOk => 200,
                FailFirstSight if seen.contains(&body) => 200,
                FailFirstSight => {
                    seen.push(body.clone());
                    500
                }
            };
            let mut stream = reader.into_inner();
            let _ = write!(
                stream,
                "HTTP/1.1 {status} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
            if tx.send(Delivery { body, ..delivery }).is_err() {
                return;
            }
        }
    });
    (url, rx)
}

#[test]
fn delivers_signed_rating_created_and_the_api_shows_the_new_record() {
    let (url, deliveries) = receiver(AlwaysOk);
    let sandbox = Sandbox::start(&[
        "--banks",
        "50",
        "--webhook-url",
        &url,
        "--webhook-every",
        "300ms",
        "--secret",
        "s3cret",
    ]);
    let delivery = deliveries
        .recv_timeout(Duration::from_secs(15))
        .expect("a delivery");
    assert!(
        delivery.head.starts_with("POST /hooks "),
        "{}",
        delivery.head
    );
    assert_eq!(
        delivery.header("content-type").as_deref(),
        Some("application/json")
    );
    let signature = delivery.header("x-service-signature").expect("signature");
    assert_eq!(
        signature,
        cra::webhook::sign::sign(b"s3cret", &delivery.body)
    );
    let event: serde_json::Value = serde_json::from_slice(&delivery.body).unwrap();
    assert_eq!(event["event"], "rating.created");
    assert_eq!(event["timestamp"].as_str().unwrap().len(), 24);
    assert!(event["timestamp"].as_str().unwrap().ends_with('Z'));
    let data = &event["data"];
    let id = data["bank_id"].as_str().unwrap();

    let (status, body) = sandbox.get(&format!("/api/v1/banks/{id}"));
    assert_eq!(status, 200);
    let bank = &body["data"];
    assert_eq!(bank["name"], data["bank_name"]);
    assert_eq!(bank["regulator"], data["regulator"]);
    let ratings = bank["ratings"].as_array().unwrap();
    // Later deliveries may have added records to this bank too: find ours.
    let ours = ratings
        .iter()
        .position(|r| r["exam_date"] == data["exam_date"])
        .expect("the new record in the history");
    assert_eq!(ratings[ours]["rating"], data["rating"]);
    assert!(ratings[0]["is_current"].as_bool().unwrap());
    assert_eq!(
        ratings.iter().filter(|r| r["is_current"] == true).count(),
        1
    );

    let listed = sandbox
        .walk("")
        .into_iter()
        .find(|b| b["id"] == id)
        .unwrap();
    assert_eq!(
        listed["current_rating"]["exam_date"],
        ratings[0]["exam_date"]
    );
    assert_eq!(listed["current_rating"]["rating"], ratings[0]["rating"]);
}

#[test]
fn a_failed_delivery_is_retried_with_the_same_body_and_signature() {
    // The receiver answers 500 the first time it sees a body, 200 after.
    let (url, deliveries) = receiver(FailFirstSight);
    let _sandbox = Sandbox::start_with_env(
        &[
            "--banks",
            "20",
            "--webhook-url",
            &url,
            "--webhook-every",
            "500ms",
        ],
        &[("CRA_WEBHOOK_SECRET", "from-env")],
    );
    let first = deliveries.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(
        first.header("x-service-signature").unwrap(),
        cra::webhook::sign::sign(b"from-env", &first.body)
    );
    // Deliveries of later records interleave; wait for the retry of the first.
    let retry = loop {
        let next = deliveries.recv_timeout(Duration::from_secs(10)).unwrap();
        if next.body == first.body {
            break next;
        }
    };
    assert_eq!(
        retry.header("x-service-signature"),
        first.header("x-service-signature")
    );
}

#[test]
fn webhooks_without_a_secret_are_refused_with_exit_2() {
    let home = Home::new();
    let output = home
        .cra()
        .args([
            "sandbox",
            "--port",
            "0",
            "--webhook-url",
            "http://127.0.0.1:9/",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--webhook-url needs the webhook signing secret"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn webhook_every_without_a_url_is_a_usage_error() {
    let home = Home::new();
    let output = home
        .cra()
        .args(["sandbox", "--port", "0", "--webhook-every", "5"])
        .output()
        .unwrap();
    crate::common::assert_code(&output, 2);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The error first, naming what is missing (clap's layout: the missing
    // argument on the next line, then the usage).
    assert!(
        stderr.starts_with(
            "cra: error: the following required arguments were not provided:\n  --webhook-url"
        ),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}
