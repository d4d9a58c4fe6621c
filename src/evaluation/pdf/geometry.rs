//! Where text is drawn: the transformation matrices of the content
//! streams, and a chunk of text drawn together in device space.

pub(super) type Matrix = [f32; 6];
pub(super) const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `a` then `b`: a point goes through `a` first.
pub(super) fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

/// Text drawn together: from `x0` to `x1` on baseline `y` (device space).
pub(super) struct Chunk {
    pub(super) x0: f32,
    pub(super) x1: f32,
    pub(super) y: f32,
    pub(super) size: f32,
    pub(super) text: String,
}
