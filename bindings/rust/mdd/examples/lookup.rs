// SPDX-License-Identifier: Apache-2.0
//! lookup: libmdd's main job from Rust. Opens a directory of MDD files as one database, finds
//! the services of an ECU's base variant that a UDS request addresses (22 F1 90:
//! ReadDataByIdentifier, the VIN), decodes a response to it as JSON, lists the ECU's DTCs.
//! Usage: lookup DIR ECU RESPONSE_HEX
use std::error::Error;
use std::process::exit;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: lookup DIR ECU RESPONSE_HEX");
        exit(2);
    }
    if let Err(e) = run(&args[1], &args[2], &args[3]) {
        eprintln!("lookup: {}", e); // the library's message: the file, the structure, the reason
        exit(1);
    }
}

fn run(dir: &str, name: &str, response_hex: &str) -> Result<(), Box<dyn Error>> {
    let db = mdd::Database::open_dir(dir)?;
    println!("ECUs: {}", db.ecus().len());
    let ecu = db.ecu(name).ok_or(format!("{}: no ECU named '{}'", dir, name))?;
    let variant = ecu.base_variant().ok_or(format!("{}: '{}' has no variant", dir, name))?;

    let request = [0x22, 0xF1, 0x90]; // ReadDataByIdentifier F190: VIN
    println!("22 F1 90 in variant {}:", variant.name());
    for service in variant.lookup(&request) {
        println!("  {}", service.name()); // a view into the mapped file, not a copy
    }
    let response = parse_hex(response_hex).ok_or(format!("not hex: {}", response_hex))?;
    println!("decoded: {}", variant.decode_json(&request, &response)?);

    println!("DTCs: {}", ecu.dtcs().len());
    for dtc in ecu.dtcs() {
        let display = dtc.display_code().map_or("-".to_string(), |c| c.to_string());
        let text = dtc.text().map_or(String::new(), |t| t.to_string());
        println!("  {}  {}  {}  {}", dtc.code(), display, dtc.name(), text);
    }
    Ok(()) // db closes here; nothing borrowed from it can outlive it
}

fn parse_hex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}
