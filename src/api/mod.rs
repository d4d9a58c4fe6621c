//! The HTTP client of the service (auth, retries, errors) and its serde model.
