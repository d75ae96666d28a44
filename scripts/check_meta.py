#!/usr/bin/env python3
"""scripts/check_meta.py [META.json] - checks a META.json against the PGXN
Meta Spec 1.0.0 (pgxn.org/meta/spec.txt): the required keys and their
types, the license string, provides, prereqs, semantic versions, and that
the versions agree with skill.control.  Prints "meta: N passed, N failed"."""
import json
import re
import sys

SEMVER = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z-]+)?$")
LICENSES = {"agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd",
            "gfdl_1_2", "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit",
            "mozilla_1_0", "mozilla_1_1", "openssl", "perl_5", "postgresql", "qpl_1_0",
            "ssleay", "sun", "zlib", "open_source", "restricted", "unrestricted", "unknown"}
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONS = {"requires", "recommends", "suggests", "conflicts"}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "META.json"
    control = sys.argv[2] if len(sys.argv) > 2 else "skill.control"
    results = []

    def check(what, ok):
        results.append(ok)
        if not ok:
            print("FAIL: meta: " + what, file=sys.stderr)

    meta = json.load(open(path))
    for key, kind in [("name", str), ("abstract", str), ("version", str), ("maintainer", (str, list)),
                      ("license", (str, list, dict)), ("provides", dict), ("meta-spec", dict)]:
        check("%s is present and a %s" % (key, kind), isinstance(meta.get(key), kind))
    check("name has no spaces or slashes", re.match(r"^[A-Za-z0-9_.-]{2,}$", meta.get("name", "")) is not None)
    check("version is semantic", SEMVER.match(meta.get("version", "")) is not None)
    license = meta.get("license")
    names = [license] if isinstance(license, str) else (license if isinstance(license, list) else [])
    check("license is a known PGXN license string", bool(names) and all(n in LICENSES for n in names))
    check("meta-spec version is 1.0.0", meta.get("meta-spec", {}).get("version") == "1.0.0")
    for ext, info in meta.get("provides", {}).items():
        check("provides.%s has file and version" % ext, isinstance(info, dict) and "file" in info and "version" in info)
        check("provides.%s version is semantic" % ext, SEMVER.match(str(info.get("version", ""))) is not None)
    for phase, rels in meta.get("prereqs", {}).items():
        check("prereqs phase %s is known" % phase, phase in PHASES)
        for rel in rels:
            check("prereqs relation %s is known" % rel, rel in RELATIONS)
    text = open(control).read()
    default = re.search(r"default_version\s*=\s*'([^']+)'", text)
    check("skill.control default_version equals META.json version",
          default is not None and default.group(1) == meta.get("version"))
    check("provides.skill.version equals the version",
          meta.get("provides", {}).get("skill", {}).get("version") == meta.get("version"))
    passed = sum(results)
    print("meta: %d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
