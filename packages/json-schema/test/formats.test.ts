import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

const cases: [string, string[], string[]][] = [
  [
    "date-time",
    [
      "1985-04-12T23:20:50.52Z",
      "1996-12-19T16:39:57-08:00",
      "1998-12-31T23:59:60Z",
      "1990-12-31t15:59:60-08:00",
    ],
    [
      "1985-04-12",
      "1990-02-31T15:59:59Z",
      "1998-12-31T22:59:60Z",
      "1985-04-12T23:20:50",
      "2020-01-01 00:00:00Z",
    ],
  ],
  [
    "date",
    ["2020-02-29", "1963-06-19"],
    ["2021-02-29", "1900-02-29", "2020-13-01", "2020-1-01", "06/19/1963"],
  ],
  [
    "time",
    ["08:30:06Z", "08:30:06.283185+01:00", "23:59:60Z"],
    ["08:30:06", "24:00:00Z", "22:59:60Z", "08:30:06+24:00"],
  ],
  [
    "duration",
    ["P4DT12H30M5S", "P1W", "PT0.5S".replace(".5", ""), "P2Y"],
    ["P", "PT", "P1YT", "P1D2H", "1D", "P1W2D"],
  ],
  [
    "email",
    ["joe.bloggs@example.com", '"joe bloggs"@example.com', "a@[127.0.0.1]", "a@[IPv6:::1]"],
    ["2962", ".a@b.c", "a..b@c.d", "a@", "@b"],
  ],
  [
    "hostname",
    ["www.example.com", "xn--4gbwdl.xn--wgbh1c", "a"],
    ["-a.com", "a-.com", "a..com", "", `${"a".repeat(64)}.com`],
  ],
  ["ipv4", ["192.168.0.1", "0.0.0.0"], ["256.0.0.1", "1.2.3", "01.2.3.4", "1.2.3.4.5"]],
  [
    "ipv6",
    ["::1", "1:2:3:4:5:6:7:8", "::", "1::", "::ffff:192.168.0.1", "fe80::1:2"],
    ["1:2:3:4:5:6:7:8:9", ":::", "1::2::3", "12345::", "::ffff:256.0.0.1", "1:2:3:4:5:6:7"],
  ],
  [
    "uri",
    ["http://example.com/a?b=c#d", "urn:isbn:0451450523", "http://[2001:db8::7]/c=GB", "mailto:x@y.z"],
    ["//example.com", "/a/b", "http://exa mple.com", "http://a.com/%zz", "a#b#c"],
  ],
  [
    "uri-reference",
    ["/a/b", "../x", "#frag", "", "http://x.y"],
    ["\\\\WINDOWS\\fileshare", "a:b:c".replace("a:b:c", "1a:b"), "#a#b"],
  ],
  [
    "uri-template",
    ["http://example.com/dictionary/{term:1}/{term}", "{+path}/here", "{?x,y}", "plain"],
    ["http://example.com/{term", "{}", "{a b}", "x{y}}"],
  ],
  [
    "uuid",
    ["2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2EB8AA08-AA98-11EA-B4AA-73B441D16380"],
    ["2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08aa9811eab4aa73b441d16380"],
  ],
  ["regex", ["^a+$", "\\p{L}"], ["^(abc]", "[z-a]"]],
  ["json-pointer", ["", "/a/b", "/a~0b/~1"], ["a", "/a~2", "/~"]],
  ["relative-json-pointer", ["0", "1/a", "2#", "0/"], ["-1", "01", "/a", "1#/a"]],
];

/** Formats that were wrong or skipped before the official suite ran: each case once failed. */
const fixed: [string, string[], string[]][] = [
  ["duration", ["P1Y2M", "P1M2D", "PT1H2M", "PT1M2S"], ["P1Y2D", "PT1H2S", "P1WT1H", "PT0.5S"]],
  ["uri-template", ["a'b", "{%41}"], ["a\x7fb", "{v:01}", "{a,}"]],
  [
    "uri",
    ["http://[2001:db8::1]/", "http://[V1.fe]", "http://192.168.0.01/"],
    ["http://[::ffff:192.168.0.01]", "http://[1:2]", "http://a@b@c/", "http://2001:db8::1/"],
  ],
  ["uri-reference", ["//h/p", "?q"], ["//a@b@c", "//[::ffff:1.2.3.04]/"]],
  [
    "iri",
    ["http://ƒøø.ßår/?∂éœ=πîx#πîüx", "http://ƒøø.ßår/?q=\u{f0000}"],
    ["/abc", "âππ", "http://ƒøø.ßår/\n", "http://ƒøø.ßår/#\u{f0000}"],
  ],
  ["iri-reference", ["âππ", "#ƒrägmênt", "//ƒøø.ßår/"], ["#ƒräg\\mênt", "\\\\WINDOWS\\filëßåré"]],
  [
    "idn-email",
    ["실례@실례.테스트", "δοκιμή@example.com", "user@cafe\u0301.com"],
    ["2962", "user＠example.com"],
  ],
  [
    "idn-hostname",
    [
      "실례.테스트",
      "ßς་〇",
      "l·l",
      "α͵β",
      "א׳ב",
      "・ぁ",
      "क्‍ष",
      "بي\u200cبي",
      "a。b",
      "xn--ihqwcrb4cv8a8dqg056pqjye",
    ],
    ["〮실례", "a·l", "α͵S", "A׳ב", "def・abc", "ب٠۰", "क‍ष", "aא", "0a.א", "xn--X", "a..b", "example．"],
  ],
  [
    "hostname",
    ["xn--9n2bp8q.xn--9t4b11yi5a", "xn--ll-0ea", "a--b.com"],
    ["xn--X", "xn--07jt112bpxg.xn--9t4b11yi5a", "xn--hello-zed", "XN--aa---o47jg78q", "xn---9uc"],
  ],
];

describe("formats fixed or added for the official suite, asserted", () => {
  it.each(fixed)("%s", (format, good, bad) => {
    for (const text of good) expect(valid({ format }, text, { formats: "assert" }), text).toBe(true);
    for (const text of bad) expect(valid({ format }, text, { formats: "assert" }), text).toBe(false);
  });
});

describe("international host names from untrusted input", () => {
  it("refuses names and labels too long for their ASCII form (checked before any Punycode encoding)", () => {
    const label = Array.from({ length: 60_000 }, (_, i) => String.fromCodePoint(0x4e00 + (i % 20_000))).join(
      "",
    );
    expect(valid({ format: "idn-hostname" }, label, { formats: "assert" })).toBe(false);
    expect(valid({ format: "idn-email" }, `a@${label.slice(0, 400)}`, { formats: "assert" })).toBe(false);
  });
});

describe("formats, asserted", () => {
  it.each(cases)("%s", (format, good, bad) => {
    for (const text of good) expect(valid({ format }, text, { formats: "assert" }), text).toBe(true);
    for (const text of bad) expect(valid({ format }, text, { formats: "assert" }), text).toBe(false);
  });

  it("reports the format", () => {
    expect(validate({ format: "ipv4" }, "1.2.3", { formats: "assert" })).toEqual({
      pointer: "",
      keyword: "format",
      schemaPath: "#/format",
      message: 'must match format "ipv4"',
    });
  });

  it("ignores unknown formats", () => {
    expect(valid({ format: "color" }, "not a color", { formats: "assert" })).toBe(true);
    expect(valid({ format: "constructor" }, "x", { formats: "assert" })).toBe(true);
  });
});

describe("formats, annotated (the default)", () => {
  it("accepts anything", () => {
    expect(valid({ format: "email" }, "nope")).toBe(true);
    expect(valid({ format: "date" }, "2020-13-45", { formats: "annotate" })).toBe(true);
  });
});
