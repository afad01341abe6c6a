# SPDX-License-Identifier: Apache-2.0
"""Checks the corpus's schemas with a validator that is not libmdd's (python3-jsonschema).

Reads the lines `describe_corpus dump` writes (stdin) and:
  - every schema is a valid draft 2020-12 schema (Draft202012Validator.check_schema);
  - every decoded message validates against its message's schema;
  - for every request whose sample encodes, each top-level value with bounds in the schema
    (minimum, maximum, maxLength, enum) is set to the bound and one past it: the cases are
    written to the file argv[1] as FILE<TAB>LAYER<TAB>SERVICE<TAB>VALUES lines, and what
    libmdd's encoder must say of each (ok or refused) to argv[2], one line each.
Prints a summary; exits 1 on a failure, 77 when jsonschema is not importable."""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3-jsonschema is not installed")
    sys.exit(77)


def bound_cases(schema, sample):
    """(name, value, expected) for the bounds of the sample's top-level values."""
    props = schema["allOf"][0]["properties"]
    for name in sample:
        p = props.get(name, {})
        if p.get("type") == "integer":
            if "minimum" in p:
                yield name, p["minimum"], "ok"
                yield name, p["minimum"] - 1, "refused"
            if "maximum" in p:
                yield name, p["maximum"], "ok"
                yield name, p["maximum"] + 1, "refused"
        elif p.get("type") == "string" and "maxLength" in p:
            yield name, "A" * p["maxLength"], "ok"
            yield name, "A" * (p["maxLength"] + 1), "refused"
        elif p.get("type") == "string" and p.get("enum"):
            for text in (p["enum"][0], p["enum"][-1]):
                yield name, text, "ok"
            yield name, "\u00a7 not a text of the table", "refused"


def main():
    schemas = valid = instances = bounds = 0
    failures = []
    with open(sys.argv[1], "w") as cases, open(sys.argv[2], "w") as expect:
        for line in sys.stdin:
            m = json.loads(line)
            where = "%s/%s/%s %s %d" % (m["file"], m["layer"], m["service"], m["kind"],
                                        m["index"])
            if "schema" not in m:
                failures.append("%s: no schema: %s" % (where, m["error"]))
                continue
            schema = m["schema"]
            schemas += 1
            try:
                Draft202012Validator.check_schema(schema)
                valid += 1
            except Exception as e:  # the schema error names what is wrong
                failures.append("%s: invalid schema: %s" % (where, str(e).splitlines()[0]))
                continue
            if m["instance"] is not None:
                errors = list(Draft202012Validator(schema).iter_errors(m["instance"]))
                instances += 1
                for e in errors[:1]:
                    failures.append("%s: %s does not validate: %s at %s" % (
                        where, json.dumps(m["instance"])[:200], e.message[:200],
                        "/".join(map(str, e.absolute_path))))
            if m["kind"] == "request" and "sample" in m:
                for name, value, verdict in bound_cases(schema, m["sample"]):
                    values = dict(m["sample"])
                    values[name] = value
                    cases.write("%s\t%s\t%s\t%s\n" % (m["file"], m["layer"], m["service"],
                                                      json.dumps(values)))
                    expect.write("%s %s=%s: %s\n" % (where, name, json.dumps(value)[:40],
                                                      verdict))
                    bounds += 1
    print("schemas: %d written, %d valid 2020-12; %d decoded messages validated; "
          "%d bound cases" % (schemas, valid, instances, bounds))
    for f in failures[:20]:
        print("FAIL " + f)
    if len(failures) > 20:
        print("... %d failures in all" % len(failures))
    sys.exit(1 if failures or schemas == 0 or instances == 0 else 0)


main()
