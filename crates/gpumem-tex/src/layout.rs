//! Texel placement: NVIDIA's block-linear layout.
//!
//! Memory is cut into GOBs (groups of bytes) of 64 bytes x 8 rows = 512 bytes. Inside a
//! GOB the bytes of a row are split in 16-byte pieces interleaved with the rows:
//! `(x % 64) / 32 * 256 + (y % 8) / 2 * 64 + (x % 32) / 16 * 32 + (y % 2) * 16 + x % 16`
//! (the Tegra X1 TRM's GOB; yuzu and nouveau address GOBs the same way). GOBs form blocks
//! one GOB wide, 2^`gobs_y_log2` GOBs high and 2^`gobs_z_log2` deep (a block's GOBs run
//! down y, then z); blocks are laid row by row, then slice by slice. A layer of an array
//! is one 3-D block-linear image of depth 1, padded to whole blocks.

/// Bytes in a GOB row and rows in a GOB.
pub const GOB_WIDTH: u64 = 64;
pub const GOB_HEIGHT: u64 = 8;
pub const GOB_BYTES: u64 = GOB_WIDTH * GOB_HEIGHT;

/// The byte offset of byte `x` of row `y` of slice (or layer) `z` in a block-linear image
/// `width` bytes wide and `height` rows high.
#[allow(clippy::too_many_arguments)]
pub fn block_linear(
    x: u64,
    y: u64,
    z: u64,
    width: u64,
    height: u64,
    gobs_y_log2: u8,
    gobs_z_log2: u8,
    array: bool,
) -> u64 {
    let (gy, gz) = (
        u32::from(gobs_y_log2.min(5)),
        if array {
            0
        } else {
            u32::from(gobs_z_log2.min(5))
        },
    );
    let block_h = GOB_HEIGHT << gy;
    let block_d = 1u64 << gz;
    let blocks_x = width.div_ceil(GOB_WIDTH);
    let blocks_y = height.div_ceil(block_h);
    let block_bytes = GOB_BYTES << (gy + gz);
    let (layer, z) = if array { (z, 0) } else { (0, z) };
    // wrapping: a texture described with sizes no header holds still gives an address
    let block = (z / block_d)
        .wrapping_mul(blocks_y)
        .wrapping_mul(blocks_x)
        .wrapping_add((y / block_h).wrapping_mul(blocks_x))
        .wrapping_add(x / GOB_WIDTH);
    let gob = ((z % block_d) << gy) + (y % block_h) / GOB_HEIGHT;
    let (xi, yi) = (x % GOB_WIDTH, y % GOB_HEIGHT);
    let in_gob = xi / 32 * 256 + yi / 2 * 64 + (xi % 32) / 16 * 32 + (yi % 2) * 16 + xi % 16;
    // a layer is an image of depth 1 (only arrays have layer > 0)
    let layer_bytes = blocks_x.wrapping_mul(blocks_y).wrapping_mul(block_bytes);
    layer
        .wrapping_mul(layer_bytes)
        .wrapping_add(block.wrapping_mul(block_bytes))
        .wrapping_add(gob * GOB_BYTES + in_gob)
}

/// Bytes a block-linear image (or array of `depth` layers) occupies.
pub fn block_linear_size(
    width: u64,
    height: u64,
    depth: u64,
    gobs_y_log2: u8,
    gobs_z_log2: u8,
    array: bool,
) -> u64 {
    let (gy, gz) = (
        u32::from(gobs_y_log2.min(5)),
        if array {
            0
        } else {
            u32::from(gobs_z_log2.min(5))
        },
    );
    let blocks_x = width.div_ceil(GOB_WIDTH);
    let blocks_y = height.div_ceil(GOB_HEIGHT << gy);
    let block_bytes = GOB_BYTES << (gy + gz);
    let d = if array {
        depth
    } else {
        depth.div_ceil(1 << gz)
    };
    d.saturating_mul(blocks_x)
        .saturating_mul(blocks_y)
        .saturating_mul(block_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gob_is_a_permutation_of_its_512_bytes() {
        let mut seen = [false; 512];
        for y in 0..8 {
            for x in 0..64 {
                let o = block_linear(x, y, 0, 64, 8, 0, 0, false) as usize;
                assert!(!seen[o], "offset {o} twice");
                seen[o] = true;
            }
        }
        // the first row's 16-byte pieces: 0, 32, 256, 288
        assert_eq!(block_linear(16, 0, 0, 64, 8, 0, 0, false), 32);
        assert_eq!(block_linear(32, 0, 0, 64, 8, 0, 0, false), 256);
        assert_eq!(block_linear(0, 1, 0, 64, 8, 0, 0, false), 16);
        assert_eq!(block_linear(0, 2, 0, 64, 8, 0, 0, false), 64);
    }

    #[test]
    fn blocks_stack_gobs_down_then_across() {
        // blocks of 2 GOBs high: row 8 is the second GOB of the first block
        assert_eq!(block_linear(0, 8, 0, 128, 32, 1, 0, false), 512);
        // byte 64 of row 0 starts the second block (1024 bytes)
        assert_eq!(block_linear(64, 0, 0, 128, 32, 1, 0, false), 1024);
        // row 16 starts the second row of blocks: 2 blocks further
        assert_eq!(block_linear(0, 16, 0, 128, 32, 1, 0, false), 2048);
        assert_eq!(block_linear_size(128, 32, 1, 1, 0, false), 4096);
        // every byte of a 3-D image maps inside its size, once
        let (w, h, d) = (96, 20, 3);
        let size = block_linear_size(w, h, d, 1, 1, false);
        let mut seen = vec![false; size as usize];
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let o = block_linear(x, y, z, w, h, 1, 1, false) as usize;
                    assert!(o < seen.len() && !seen[o]);
                    seen[o] = true;
                }
            }
        }
    }
}
