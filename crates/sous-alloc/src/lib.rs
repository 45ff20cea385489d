//! The allocator of the `sous` binary, the server, the Python module and
//! the benches: mimalloc, called the way its own C programs call it.
//!
//! The `mimalloc` crate's `MiMalloc` passes every request through
//! `mi_malloc_aligned`, which first checks that the block it would hand
//! out happens to be aligned as asked. Nearly all of sous's requests ask
//! for no more than a word's alignment, which every mimalloc block has, so
//! [`Allocator`] sends those straight to `mi_malloc` and only the rest to
//! the aligned entry points. Under callgrind that took 6.6 % off the
//! instructions of executing the gold networks (see docs/performance.md).

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// Every mimalloc block is aligned to at least a machine word: block sizes
/// are multiples of it and pages start on it.
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator: `#[global_allocator] static A: sous_alloc::Allocator = sous_alloc::Allocator;`
pub struct Allocator;

#[allow(unsafe_code)]
// SAFETY: each method forwards to the mimalloc function with the same
// contract; plain `mi_malloc`/`mi_zalloc`/`mi_realloc` are used only when
// the layout asks for no more than a word's alignment, which mimalloc
// guarantees for every block.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            unsafe { mi::mi_malloc(layout.size()) as *mut u8 }
        } else {
            unsafe { mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            unsafe { mi::mi_zalloc(layout.size()) as *mut u8 }
        } else {
            unsafe { mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        unsafe { mi::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            unsafe { mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8 }
        } else {
            unsafe {
                mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of every small size and alignment come back aligned as asked,
    /// keep what was written to them through a realloc, and are freed.
    #[test]
    fn blocks_are_aligned_as_asked_and_keep_their_contents() {
        let a = Allocator;
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1, 3, 8, 12, 24, 40, 100, 1000, 100_000] {
                let layout = Layout::from_size_align(size, align).unwrap();
                #[allow(unsafe_code)]
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    p.write_bytes(0xAB, size);
                    let q = a.realloc(p, layout, size * 2);
                    assert_eq!(q as usize % align, 0, "realloc: size {size} align {align}");
                    assert!((0..size).all(|i| *q.add(i) == 0xAB));
                    a.dealloc(q, Layout::from_size_align(size * 2, align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
