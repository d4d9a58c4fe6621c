//! The settings in force as `cra config show` lists them: each with its
//! value and where it came from.

use std::io::Write;

use anyhow::Result;

use super::Settings;
use crate::config_file::keys;

/// The origin `show --format json` gives a setting that has no value (its
/// value is then null; the table says "(not set)").
const UNSET: &str = "unset";

impl Settings {
    /// Every setting with its value and where it came from, as `config show
    /// --format json` gives them.
    pub fn listed_json(&self) -> serde_json::Value {
        let mut object = serde_json::Map::new();
        for key in keys::KEYS {
            let (value, origin) = self
                .shown(key)
                .map_or((serde_json::Value::Null, UNSET), |(v, o)| {
                    (serde_json::Value::String(v), o.describe())
                });
            object.insert(
                key.name.to_string(),
                serde_json::json!({"value": value, "origin": origin}),
            );
        }
        object.insert(
            "timeout".to_string(),
            serde_json::json!({"value": self.timeout.value.as_secs_f64(),
                               "origin": self.timeout.origin.describe()}),
        );
        object.insert(
            "retries".to_string(),
            serde_json::json!({"value": self.retries.value,
                               "origin": self.retries.origin.describe()}),
        );
        object.insert(
            "config_file".to_string(),
            serde_json::json!({"value": self.config_path.value.display().to_string(),
                               "origin": self.config_path.origin.describe()}),
        );
        serde_json::Value::Object(object)
    }

    /// The settings as text, one a line, with where each came from (`config
    /// show`).
    pub fn write_listed(&self, out: &mut impl Write) -> Result<()> {
        let exists = self.config_path.value.exists();
        writeln!(
            out,
            "config_file     {}  ({}{})",
            self.config_path.value.display(),
            self.config_path.origin.describe(),
            if exists { "" } else { ", not created yet" }
        )?;
        for key in keys::KEYS {
            match self.shown(key) {
                Some((value, origin)) => {
                    writeln!(out, "{:<15} {value}  ({})", key.name, origin.describe())?
                }
                None => writeln!(out, "{:<15} (not set)", key.name)?,
            }
        }
        writeln!(
            out,
            "{:<15} {} s  ({})",
            "timeout",
            self.timeout.value.as_secs_f64(),
            self.timeout.origin.describe()
        )?;
        writeln!(
            out,
            "{:<15} {}  ({})",
            "retries",
            self.retries.value,
            self.retries.origin.describe()
        )?;
        Ok(())
    }
}
