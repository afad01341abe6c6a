// SPDX-License-Identifier: Apache-2.0
//! The binding on the corpus of real MDD files (a copy: MDD_TEST_CORPUS names its directory),
//! against values worked out independently of it: the corpus's *.expect.json (through the
//! listing MDD_TEST_EXPECTED holds) and the hand-checked messages of docs/codec-examples.md.
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use mdd::{
    Database, Error, Kind, LiveDatabase, Memo, Message, OpenOptions, PathElem, ReloadStats, Status,
    Strategy, TextEncoding, Value,
};

const VIN: &[u8] = b"WDD2220011A000001";
const READ_VIN: [u8; 3] = [0x22, 0xF1, 0x90];

fn corpus() -> PathBuf {
    PathBuf::from(
        std::env::var_os("MDD_TEST_CORPUS")
            .expect("MDD_TEST_CORPUS: set it to a copy of the corpus"),
    )
}

/// The corpus opened once, shared by the tests (and their threads). On the heap, so that the
/// files stay as they are for the tests that copy them.
fn db() -> &'static Database {
    static DB: Mutex<Option<&'static Database>> = Mutex::new(None);
    let mut db = DB.lock().unwrap();
    db.get_or_insert_with(|| {
        let db = OpenOptions::new().strategy(Strategy::Heap).open_dir(corpus());
        Box::leak(Box::new(db.expect("the corpus opens")))
    })
}

fn flxc() -> mdd::Layer<'static> {
    db().ecu("FLXC1000").and_then(|e| e.base_variant()).expect("FLXC1000's base variant")
}

fn vin_response() -> Vec<u8> {
    [&[0x62, 0xF1, 0x90][..], VIN].concat()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{:02x}", b)).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// A directory of its own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("mdd-rust-{}-{}-{}", std::process::id(), n, name));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir(&dir).unwrap();
        TempDir(dir)
    }

    /// A copy of the corpus file name in it.
    fn with_copy(name: &str) -> TempDir {
        let dir = TempDir::new(name);
        fs::copy(corpus().join(format!("{}.mdd", name)), dir.0.join(format!("{}.mdd", name)))
            .unwrap();
        dir
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Every ECU, layer, effective service and DTC, as the listing of the expectations has them.
#[test]
fn listing_matches_expectations() {
    let expected = std::env::var_os("MDD_TEST_EXPECTED")
        .expect("MDD_TEST_EXPECTED: the listing of the expectations");
    let expected = fs::read_to_string(expected).unwrap();
    let mut got = String::new();
    for ecu in db().ecus() {
        let rev = ecu.revision().map_or("-".to_string(), |r| r.to_string());
        got += &format!("ecu\t{}\t{}\n", ecu.name(), rev);
        let base = ecu.base_variant();
        for layer in ecu.variants().chain(ecu.functional_groups()) {
            if layer.is_variant() {
                got += &format!(
                    "variant\t{}\t{}\n",
                    layer.name(),
                    if Some(layer) == base { "base" } else { "-" }
                );
            } else {
                got += &format!("functional_group\t{}\n", layer.name());
            }
            for s in layer.services() {
                got += &format!("service\t{}\t{}\n", s.name(), hex(s.request_prefix()));
            }
        }
        for d in ecu.dtcs() {
            let display = d.display_code().map_or("-".to_string(), |c| c.to_string());
            let text = d.text().map_or(String::new(), |t| t.to_string());
            got += &format!("dtc\t{}\t{}\t{}\t{}\n", d.code(), display, d.name(), text);
        }
    }
    let (got, expected): (Vec<&str>, Vec<&str>) =
        (got.lines().collect(), expected.lines().collect());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "line {} of the listing", i + 1);
    }
    assert_eq!(got.len(), expected.len(), "lines in the listing");
    assert_eq!(db().ecus().len(), 7);
}

#[test]
fn the_library_version_is_the_headers() {
    let header = mdd_sys::MDD_VERSION_STRING; // "0.1.0\0"
    assert_eq!(mdd::version().as_bytes(), &header[..header.len() - 1]);
}

#[test]
fn ecus_and_layers() {
    let ecu = db().ecu("FLXC1000").unwrap();
    assert_eq!(ecu.name(), "FLXC1000");
    assert_eq!(ecu.name().to_str(), Some("FLXC1000"));
    assert_eq!(ecu.revision().unwrap(), "00.01.00");
    assert!(ecu.is_default());
    assert_eq!(ecu.path().unwrap(), corpus().join("FLXC1000.mdd"));
    assert_eq!(db().ecu_by_path(corpus().join("FLXC1000.mdd")), Some(ecu));
    let names: Vec<String> = ecu.variants().map(|v| v.name().to_string()).collect();
    assert_eq!(names, ["FLXC1000", "FLXC1000_Boot_Variant", "FLXC1000_App_0101"]);
    let app = ecu.variant("FLXC1000_App_0101").unwrap();
    assert_eq!(app.ecu(), ecu);
    assert!(app.is_variant());
    assert!(ecu.variant("FLXC9999").is_none());
    assert!(db().ecu("NOPE").is_none());
    assert!(db().ecu("FLXC\u{0}1000").is_none());
    let fg = db().ecu("functional_groups").unwrap();
    let groups: Vec<String> = fg.functional_groups().map(|g| g.name().to_string()).collect();
    assert_eq!(groups, ["FGL_UDS_Ethernet_DoIP", "FGL_UDS_Ethernet_DoIP_DOBT"]);
    let group = fg.functional_group("FGL_UDS_Ethernet_DoIP").unwrap();
    assert!(!group.is_variant());
    assert!(fg.base_variant().is_none());
}

#[test]
fn lookups() {
    let v = flxc();
    let found = v.lookup(&READ_VIN);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].name(), "VINDataIdentifier_Read");
    assert_eq!(found[0].request_prefix(), READ_VIN);
    assert_eq!(v.lookup(&[0x27, 0x03]), []);
    assert_eq!(v.service("VINDataIdentifier_Read"), Some(found[0]));
    assert_eq!(v.service("vindataidentifier_read"), None);
    assert_eq!(v.lookup_name("vindataidentifier_read"), found);
    assert!(v.lookup_sid(0x22).contains(&found[0]));
    assert!(v.lookup_sid(0x22).iter().all(|s| s.request_prefix()[0] == 0x22));
    let extended: Vec<String> =
        v.lookup_subfunction(0x10, 0x83).iter().map(|s| s.name().to_string()).collect();
    assert_eq!(extended, ["Extended_Start"]);
    assert_eq!(v.services().len(), 38);
}

#[test]
fn dtcs() {
    let ecu = db().ecu("FLXC1000").unwrap();
    let codes: Vec<u32> = ecu.dtcs().map(|d| d.code()).collect();
    assert_eq!(codes, [123456, 123457, 123458, 123459, 123460, 234567]);
    let d: Vec<_> = ecu.dtcs_by_code(234567).collect();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].name(), "Code2");
    assert_eq!(d[0].text().unwrap(), "DTC Code 2");
    assert_eq!(d[0].display_code(), None);
    assert_eq!(ecu.dtcs_by_code(1).count(), 0);
}

/// Each value of a decode as "path = kind" with its bytes.
fn describe(v: &Value) -> String {
    let path: Vec<String> = v
        .path()
        .map(|e| match e {
            PathElem::Name(n) => n.to_string(),
            PathElem::Index(i) => format!("[{}]", i),
        })
        .collect();
    let kind = match v.kind() {
        Kind::Dtc(code, dtc) => format!(
            "Dtc({}, {:?})",
            code,
            dtc.map(|d| (d.name().to_string(), d.text().unwrap().to_string()))
        ),
        other => format!("{:?}", other),
    };
    format!("/{} = {} @{}+{}", path.join("/"), kind, v.byte_offset(), v.byte_count())
}

#[test]
fn decode_to_a_visitor() {
    let v = flxc();
    let resp = vin_response();
    let mut seen = Vec::new();
    let mut texts = Vec::new();
    let decoded = v
        .decode(
            &READ_VIN,
            &resp,
            &mut mdd::visitor(|val| {
                seen.push(describe(val));
                if let Kind::Text(t) = val.kind() {
                    texts.push((t.encoding, t.as_str().unwrap()));
                }
                Ok(())
            }),
        )
        .unwrap();
    assert_eq!(
        seen,
        [
            "/SID_PR = Uint(98) @0+1",
            "/DID_PR = Uint(61840) @1+2",
            "/VIN = Text(\"WDD2220011A000001\") @3+17"
        ]
    );
    // The text borrows the message itself.
    assert_eq!(texts, [(TextEncoding::Latin1, "WDD2220011A000001")]);
    assert_eq!(decoded.service.name(), "VINDataIdentifier_Read");
    assert_eq!(decoded.message, Message::Positive(0));
    assert_eq!(decoded.covered, 20);
}

#[test]
fn decode_dtcs_arrays_and_objects() {
    let v = flxc();
    let mut seen = Vec::new();
    let resp = unhex("5902ff01e2400903944722");
    v.decode(&[0x19, 0x02, 0xFF], &resp, &mut |val: &Value| {
        seen.push(describe(val));
        Ok(())
    })
    .unwrap();
    let records: Vec<&String> = seen.iter().filter(|s| s.contains("DTCAndStatusRecord")).collect();
    assert_eq!(records[0], "/DTCAndStatusRecord = ArrayBegin @3+0");
    assert_eq!(records[1], "/DTCAndStatusRecord/[0] = ObjectBegin @3+0");
    assert_eq!(
        records[2],
        "/DTCAndStatusRecord/[0]/DTCRecord = Dtc(123456, Some((\"Code1\", \"DTC Code 1\"))) @3+3"
    );
    assert_eq!(records.last().unwrap().as_str(), "/DTCAndStatusRecord = ArrayEnd @3+8");
    assert!(seen.contains(
        &"/DTCAndStatusRecord/[1]/DTCRecord = Dtc(234567, Some((\"Code2\", \"DTC Code 2\"))) @7+3"
            .to_string()
    ));
}

/// docs/codec-examples.md's JSON decodes.
const JSON_EXAMPLES: [(&str, &str, &str); 4] = [
    (
        "22F186",
        "62F18603",
        r#"{"ecu":"FLXC1000","variant":"FLXC1000","service":"ActiveDiagnosticSessionDataIdentifier_Read","response":"positive","params":{"EcuSessionType":"Extended"}}"#,
    ),
    (
        "22F200",
        "62F200FFFFFB2E",
        r#"{"ecu":"FLXC1000","variant":"FLXC1000","service":"FluxCapacitorPowerConsumption_Read","response":"positive","params":{"PowerConsumption":-1234}}"#,
    ),
    (
        "22F190",
        "62F1905744443232323030313141303030303031",
        r#"{"ecu":"FLXC1000","variant":"FLXC1000","service":"VINDataIdentifier_Read","response":"positive","params":{"VIN":"WDD2220011A000001"}}"#,
    ),
    (
        "190401E240FF",
        "590401E24009",
        r#"{"ecu":"FLXC1000","variant":"FLXC1000","service":"FaultMem_ReportDTCSnapshotRecordByDtcNumber","response":"positive","params":{"DTCAndStatusRecord":{"DTCRecord":{"code":123456,"fault_name":"DTC Code 1","severity":0},"testFailed":"true","testFailedThisOperationCycle":"false","pendingDTC":"false","confirmedDTC":"true","testNotCompletedSinceLastClear":"false","testFailedSinceLastClear":"false","testNotCompletedThisOperationCycle":"false","warningIndicatorRequested":"false"},"DTCSnapshotRecords":[]}}"#,
    ),
];

#[test]
fn decode_json_and_through_a_memo() {
    let v = flxc();
    let mut memo = Memo::new(16).unwrap();
    for round in 0..3 {
        for (req, resp, json) in JSON_EXAMPLES {
            let (req, resp) = (unhex(req), unhex(resp));
            assert_eq!(v.decode_json(&req, &resp).unwrap(), json);
            assert_eq!(
                memo.decode_json(v, &req, &resp).unwrap(),
                json,
                "through the memo, round {}",
                round
            );
            let mut plain = Vec::new();
            let mut memoized = Vec::new();
            v.decode(&req, &resp, &mut |val: &Value| {
                plain.push(describe(val));
                Ok(())
            })
            .unwrap();
            memo.decode(v, &req, &resp, &mut |val: &Value| {
                memoized.push(describe(val));
                Ok(())
            })
            .unwrap();
            assert_eq!(plain, memoized);
        }
    }
    assert_eq!(Memo::new(65537).err().unwrap().status(), Status::Arg);
}

#[test]
fn decode_errors_carry_the_library_message() {
    let v = flxc();
    let err = v.decode_json(&unhex("22F200"), &unhex("62F200FFFF")).unwrap_err();
    assert_eq!(err.status(), Status::Format);
    assert_eq!(err.message(), "/PowerConsumption: byte 3: 32 bits at bit position 0 need 4 bytes, the message ends at byte 5");
    assert_eq!(err.to_string(), err.message());
    let err = v.decode_json(&[0x27, 0x03], &[0x67, 0x03]).unwrap_err();
    assert_eq!(
        (err.status(), err.message()),
        (Status::NotFound, "no service takes the request 27 03")
    );
    let err =
        v.decode(&unhex("22F200"), &unhex("63F200FFFFFB2E"), &mut |_: &Value| Ok(())).unwrap_err();
    assert_eq!(err.status(), Status::NotFound);
    assert_eq!(
        err.message(),
        "no response of service 'FluxCapacitorPowerConsumption_Read' matches 63 F2 00 FF FF FB 2E"
    );
}

#[test]
fn a_visitor_error_stops_the_decode() {
    let v = flxc();
    let resp = vin_response();
    let mut calls = 0;
    let err = v
        .decode(&READ_VIN, &resp, &mut |_: &Value| {
            calls += 1;
            Err(Error::new(Status::Limit, "enough"))
        })
        .unwrap_err();
    assert_eq!(calls, 1);
    assert_eq!(err, Error::new(Status::Limit, "enough"));
}

#[test]
#[should_panic(expected = "visitor panicked")]
fn a_visitor_panic_unwinds_to_the_caller() {
    let resp = vin_response();
    let _ = flxc().decode(&READ_VIN, &resp, &mut |_: &Value| -> mdd::Result<()> {
        panic!("visitor panicked")
    });
}

#[test]
fn encode() {
    let v = flxc();
    let service = |name| v.service(name).unwrap();
    assert_eq!(
        v.encode(service("Extended_Start"), Message::Request, &[], "{}").unwrap(),
        [0x10, 0x03]
    );
    let mask = r#"{"testFailed":"true","testFailedThisOperationCycle":"false","pendingDTC":"false","confirmedDTC":"true","testNotCompletedSinceLastClear":"false","testFailedSinceLastClear":"false","testNotCompletedThisOperationCycle":"false","warningIndicatorRequested":"false"}"#;
    assert_eq!(
        v.encode(service("FaultMem_ReportDTCByStatusMask"), Message::Request, &[], mask).unwrap(),
        [0x19, 0x02, 0x09]
    );
    let write = v.encode(
        service("VINDataIdentifier_Write"),
        Message::Request,
        &[],
        r#"{"VIN":"WDD2220011A000001"}"#,
    );
    assert_eq!(hex(&write.unwrap()), "2ef1905744443232323030313141303030303031");
    // A response round trip: the positive response of the VIN read, from its decoded values.
    let resp = v.encode(
        service("VINDataIdentifier_Read"),
        Message::Positive(0),
        &READ_VIN,
        r#"{"VIN":"WDD2220011A000001"}"#,
    );
    assert_eq!(resp.unwrap(), vin_response());
    let err = v
        .encode(service("VINDataIdentifier_Write"), Message::Request, &[], r#"{"VIN":17}"#)
        .unwrap_err();
    assert_eq!(
        (err.status(), err.message()),
        (Status::Arg, "/VIN: 17 is a number, not A_ASCIISTRING")
    );
    let err =
        v.encode(service("Extended_Start"), Message::Request, &[], r#"{"SID_RQ":17}"#).unwrap_err();
    assert_eq!(err.message(), "/SID_RQ at byte 0: the value given differs from the constant");
}

#[test]
fn identify() {
    let ecu = db().ecu("FLXC1000").unwrap();
    let requests = ecu.identification_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].1.name(), "Identification_Read");
    assert_eq!(requests[0].1.request_prefix(), [0x22, 0xF1, 0x00]);
    let req = [0x22, 0xF1, 0x00];
    let cases: [(&[u8], &str, bool); 3] = [
        (&[0x62, 0xF1, 0x00, 0x00, 0x01, 0x01], "FLXC1000_App_0101", true),
        (&[0x62, 0xF1, 0x00, 0xFF, 0x00, 0x00], "FLXC1000_Boot_Variant", true),
        (&[0x62, 0xF1, 0x00, 0x00, 0x00, 0x01], "FLXC1000", false),
    ];
    for (resp, variant, matched) in cases {
        let id = ecu.identify(&[(&req[..], resp)]).unwrap();
        assert_eq!((id.variant.name().to_string(), id.matched), (variant.to_string(), matched));
    }
}

#[test]
fn open_failures_name_the_file() {
    let missing = corpus().join("no-such-dir");
    let err = Database::open_dir(&missing).err().unwrap();
    assert_eq!(err.status(), Status::Io);
    assert!(err.message().starts_with(&missing.to_string_lossy().to_string()), "{}", err);
    let dir = TempDir::new("bad");
    let bad = dir.0.join("bad.mdd");
    fs::write(&bad, b"not an MDD file").unwrap();
    let err = Database::open_dir(&dir.0).err().unwrap();
    assert_eq!(err.status(), Status::Format);
    assert!(err.message().starts_with(&bad.to_string_lossy().to_string()), "{}", err);
    let err = Database::open(&[Path::new("a\0b")]).err().unwrap();
    assert_eq!(err.status(), Status::Arg);
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let dir = TempDir::new("damaged");
    let whole = fs::read(corpus().join("FLXC1000.mdd")).unwrap();
    let cases: [(&str, Vec<u8>); 3] = [
        ("empty.mdd", Vec::new()),
        ("truncated.mdd", whole[..whole.len() / 2].to_vec()),
        ("flipped.mdd", {
            let mut w = whole.clone();
            let at = w.len() - 100;
            w[at] ^= 0x55;
            w
        }),
    ];
    for (name, bytes) in cases {
        let path = dir.0.join(name);
        fs::write(&path, bytes).unwrap();
        let err = Database::open(&[&path]).err().expect(name);
        assert!(err.message().starts_with(&path.to_string_lossy().to_string()), "{}", err);
        assert_ne!(err.status(), Status::Arg, "{}", err);
    }
    let err = Database::open(&[&dir.0]).err().expect("a directory");
    assert!(err.message().starts_with(&dir.0.to_string_lossy().to_string()), "{}", err);
}

#[test]
fn bad_messages_and_values() {
    let v = flxc();
    let err = v.decode_json(&[], &[]).unwrap_err();
    // A request shorter than a prefix matches it (include/mdd/ecu.h): the empty one, every
    // service, most specific first, and the decode tries the first.
    assert_eq!(v.lookup(&[]).len(), v.services().len());
    let want = format!("no response of service '{}' matches ", v.lookup(&[])[0].name());
    assert_eq!((err.status(), err.message()), (Status::NotFound, want.as_str()));
    let short = [&[0x62, 0xF1, 0x90][..], &VIN[..5]].concat();
    let err = v.decode_json(&READ_VIN, &short).unwrap_err();
    assert_eq!(err.status(), Status::Format);
    assert!(err.message().starts_with("/VIN: byte 3: "), "{}", err);
    let service = v.service("VINDataIdentifier_Write").unwrap();
    for bad in ["", "{", "[]", "{\"VIN\":\"WDD\"", "{\"Nope\":1}"] {
        let err = v.encode(service, Message::Request, &[], bad).unwrap_err();
        assert_eq!(err.status(), Status::Arg, "{:?}: {}", bad, err);
    }
    let err = v.encode(service, Message::Positive(7), &[], "{}").unwrap_err();
    assert_eq!(
        (err.status(), err.message()),
        (Status::Arg, "the service has no response 7 of that kind")
    );
}

#[test]
fn open_options_reach_the_library() {
    // Heap decodes into memory and leaves the file as it is; the default, inplace, maps the
    // file (converted in place if it was compressed) and records its verification beside it.
    let dir = TempDir::with_copy("FLXC1000");
    let file = dir.0.join("FLXC1000.mdd");
    let record = dir.0.join("FLXC1000.mdd.verified");
    let before = fs::read(&file).unwrap();
    let db = OpenOptions::new().strategy(Strategy::Heap).verify(false).open(&[&file]).unwrap();
    assert_eq!(db.ecus().next().unwrap().name(), "FLXC1000");
    db.close();
    assert_eq!(fs::read(&file).unwrap(), before);
    assert!(!record.exists());
    let db = OpenOptions::new().verify(true).open(&[&file]).unwrap();
    assert!(record.exists(), "inplace records the verification");
    assert_eq!(db.ecu("FLXC1000").unwrap().dtcs().count(), 6);
}

fn send_sync<T: Send + Sync>() {}

#[test]
fn threads_share_a_database() {
    send_sync::<Database>();
    send_sync::<mdd::Ecu>();
    send_sync::<mdd::Layer>();
    send_sync::<mdd::Service>();
    send_sync::<mdd::Dtc>();
    send_sync::<mdd::Str>();
    fn send<T: Send>() {}
    send::<Memo>();
    let resp = vin_response();
    let (req, want) = (unhex(JSON_EXAMPLES[0].0), JSON_EXAMPLES[0].2);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let mut memo = Memo::new(0).unwrap();
                for _ in 0..500 {
                    let v = flxc();
                    assert_eq!(v.lookup(&READ_VIN)[0].name(), "VINDataIdentifier_Read");
                    assert_eq!(
                        memo.decode_json(v, &req, &unhex(JSON_EXAMPLES[0].1)).unwrap(),
                        want
                    );
                    v.decode(&READ_VIN, &resp, &mut |_: &Value| Ok(())).unwrap();
                }
            });
        }
    });
    // A database closes on another thread than the one that opened it.
    let db = OpenOptions::new().strategy(Strategy::Heap).open_dir(corpus()).unwrap();
    std::thread::spawn(move || assert_eq!(db.ecus().len(), 7)).join().unwrap();
}

fn ecu_names(db: &Database) -> Vec<String> {
    db.ecus().map(|e| e.name().to_string()).collect()
}

#[test]
fn a_live_database_publishes_generations() {
    send_sync::<LiveDatabase>();
    send_sync::<mdd::Generation>();
    let dir = TempDir::with_copy("FLXC1000");
    let live = LiveDatabase::open_dir(&dir.0).unwrap();
    let first = live.acquire();
    assert_eq!(ecu_names(&first), ["FLXC1000"]);
    let none = ReloadStats { loaded: 0, unchanged: 1, removed: 0, refused: 0, published: false };
    assert_eq!(live.reload().unwrap(), none);
    fs::copy(corpus().join("FSNR2000.mdd"), dir.0.join("FSNR2000.mdd")).unwrap();
    let added = ReloadStats { loaded: 1, unchanged: 1, removed: 0, refused: 0, published: true };
    assert_eq!(live.reload().unwrap(), added);
    // A held generation stays as it was; the next one has the new file.
    assert_eq!(ecu_names(&first), ["FLXC1000"]);
    let second = live.acquire();
    assert_eq!(ecu_names(&second), ["FLXC1000", "FSNR2000"]);
    // Readers acquire on threads while another thread reloads without the file.
    fs::remove_file(dir.0.join("FSNR2000.mdd")).unwrap();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..200 {
                    let generation = live.acquire();
                    let v = generation.ecu("FLXC1000").and_then(|e| e.base_variant()).unwrap();
                    assert_eq!(v.lookup(&READ_VIN)[0].name(), "VINDataIdentifier_Read");
                    assert!((1..=2).contains(&generation.ecus().len()));
                }
            });
        }
        s.spawn(|| assert_eq!(live.reload().unwrap().removed, 1));
    });
    assert_eq!(ecu_names(&live.acquire()), ["FLXC1000"]);
    assert_eq!(ecu_names(&second), ["FLXC1000", "FSNR2000"]);
    drop((first, second));
    assert!(LiveDatabase::open_dir(dir.0.join("nope")).is_err());
}
