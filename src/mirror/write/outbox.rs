//! The outbox of `sync --notify`: the rating records a sync adds, kept in
//! the mirror (in the same transaction as the record itself) until a
//! delivery of each is answered 2xx, so that none is lost to a receiver
//! that is down and none is sent twice once it was answered.

use anyhow::Result;
use rusqlite::{Connection, params};

use super::Writer;
use crate::webhook::payload::RatingCreatedData;

impl Writer {
    /// From now on, each rating record stored that the mirror did not hold
    /// is also put in the outbox, in the same transaction, for `--notify`;
    /// with `only`, each of those banks' alone (`--watch`): the others'
    /// are never queued, so none waits there for a delivery never asked.
    pub fn notify_added(&mut self, only: Option<std::collections::BTreeSet<String>>) {
        self.notify = true;
        self.notify_only = only;
    }

    /// The outbox: deliveries not yet answered 2xx, oldest first.
    pub fn outbox(&self) -> Result<Vec<(i64, RatingCreatedData)>> {
        let mut statement = self
            .connection
            .prepare("SELECT id AS id, data AS data FROM outbox ORDER BY id")?;
        crate::mirror::row::columns! { struct DeliveryAt { id, data } }
        let at = DeliveryAt::of(&statement)?;
        let rows = statement.query_map([], |row| {
            Ok((row.get::<_, i64>(at.id)?, row.get::<_, String>(at.data)?))
        })?;
        let mut pending = Vec::new();
        for row in rows {
            let (id, data) = row?;
            pending.push((id, serde_json::from_str(&data)?));
        }
        Ok(pending)
    }

    /// A delivery answered 2xx leaves the outbox at once (committed), so it
    /// is never sent again.
    pub fn delivered(&mut self, id: i64) -> Result<()> {
        self.unit(|c, _| {
            c.prepare_cached("DELETE FROM outbox WHERE id = ?1")?
                .execute([id])?;
            Ok(())
        })?;
        self.commit()
    }

    /// A delivery that failed stays, with why.
    pub fn not_delivered(&mut self, id: i64, why: &str) -> Result<()> {
        self.unit(|c, _| {
            c.prepare_cached(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
            )?
            .execute(params![id, why])?;
            Ok(())
        })?;
        self.commit()
    }
}

/// Puts a record the sync added (`data`) in the outbox, within the unit
/// that stores it.
pub(super) fn put(c: &Connection, data: &RatingCreatedData, sync: i64) -> Result<()> {
    c.prepare_cached("INSERT INTO outbox (bank_id, data, added_sync) VALUES (?1, ?2, ?3)")?
        .execute(params![data.bank_id, serde_json::to_string(data)?, sync])?;
    Ok(())
}
