//! `native-runner`: the multithreaded measuring instrument. (Subcommands arrive with the runner issue.)

#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    for layout in wasm_core::layout::string_type_layouts() {
        println!("{:>20}: size {:>2}, align {}", layout.type_name, layout.size_bytes, layout.align_bytes);
    }
}
