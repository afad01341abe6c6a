// SPDX-License-Identifier: Apache-2.0
//! Links libmdd: from the directory MDD_LIB_DIR names (a build tree that is not installed),
//! else with the flags `pkg-config --libs libmdd` prints (PKG_CONFIG names another pkg-config).
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=MDD_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    if let Some(dir) = env::var_os("MDD_LIB_DIR") {
        println!("cargo:rustc-link-search=native={}", dir.to_string_lossy());
        println!("cargo:rustc-link-lib=dylib=mdd");
        return;
    }
    let pkg_config = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".to_string());
    let output = Command::new(&pkg_config).args(["--libs", "libmdd"]).output();
    let flags = match output {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        Ok(out) => fail(&pkg_config, String::from_utf8_lossy(&out.stderr).trim()),
        Err(e) => fail(&pkg_config, &e.to_string()),
    };
    for flag in flags.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={}", dir);
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={}", lib);
        }
    }
}

fn fail(pkg_config: &str, why: &str) -> ! {
    panic!(
        "libmdd not found: `{} --libs libmdd` failed ({}); install libmdd (make install) and \
         set PKG_CONFIG_PATH to its lib/pkgconfig, or set MDD_LIB_DIR to the directory that \
         holds libmdd.so",
        pkg_config, why
    )
}
