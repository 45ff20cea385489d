//! Text for captions: the 8×8 bitmap font of `font8x8` (public domain),
//! drawn into an RGB buffer. A bitmap font needs no font file and no
//! shaping, and reads well at the 1× and 2× sizes a caption uses.

use font8x8::UnicodeFonts;

/// Width and height of one glyph at scale 1, in pixels.
pub const GLYPH: usize = 8;

/// The glyph of `c`: basic Latin, else Latin-1, else `?`.
fn glyph(c: char) -> [u8; 8] {
    font8x8::BASIC_FONTS
        .get(c)
        .or_else(|| font8x8::LATIN_FONTS.get(c))
        .or_else(|| font8x8::BASIC_FONTS.get('?'))
        .unwrap_or([0; 8])
}

/// An RGB image borrowed as a drawing surface (3 bytes a pixel).
pub struct Surface<'a> {
    pub rgb: &'a mut [u8],
    pub width: usize,
    pub height: usize,
}

impl Surface<'_> {
    /// Fills a rectangle (clipped to the image).
    pub fn fill(&mut self, x0: usize, y0: usize, w: usize, h: usize, color: [u8; 3]) {
        for y in y0..(y0 + h).min(self.height) {
            for x in x0..(x0 + w).min(self.width) {
                let i = (y * self.width + x) * 3;
                self.rgb[i..i + 3].copy_from_slice(&color);
            }
        }
    }

    /// Writes `text` with its top left corner at (x, y), each font pixel
    /// `scale` pixels wide; what does not fit is clipped.
    pub fn text(&mut self, x: usize, y: usize, scale: usize, text: &str, color: [u8; 3]) {
        for (k, c) in text.chars().enumerate() {
            let left = x + k * GLYPH * scale;
            if left >= self.width {
                break;
            }
            for (row, bits) in glyph(c).iter().enumerate() {
                for col in 0..GLYPH {
                    if bits & (1 << col) != 0 {
                        self.fill(left + col * scale, y + row * scale, scale, scale, color);
                    }
                }
            }
        }
    }
}

/// `text` cut to at most `max` characters, with `...` when cut.
pub fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let keep = max.saturating_sub(3);
    let mut out: String = text.chars().take(keep).collect();
    out.push_str("...");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_sets_pixels_and_a_space_does_not() {
        let mut rgb = vec![0u8; 20 * 10 * 3];
        let mut s = Surface {
            rgb: &mut rgb,
            width: 20,
            height: 10,
        };
        s.text(0, 0, 1, "A ", [255, 255, 255]);
        let lit = |x0: usize, x1: usize| {
            (0..10)
                .flat_map(|y| (x0..x1).map(move |x| (y, x)))
                .filter(|(y, x)| rgb[(y * 20 + x) * 3] > 0)
                .count()
        };
        assert!(lit(0, 8) > 10);
        assert_eq!(lit(8, 16), 0);
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        assert_eq!(fit("abcdef", 10), "abcdef");
        assert_eq!(fit("abcdefghijkl", 8), "abcde...");
    }
}
