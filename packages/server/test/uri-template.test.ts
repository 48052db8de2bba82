import { describe, expect, it } from "vitest";
import { UriTemplate } from "../src/index.js";

// Examples from RFC 6570 section 3.2.
const vars = {
  var: "value",
  hello: "Hello World!",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  x: "1024",
  y: "768",
  empty: "",
};

describe("UriTemplate.expand (RFC 6570 levels 1-4)", () => {
  it.each([
    ["{var}", "value"],
    ["{hello}", "Hello%20World%21"],
    ["{+hello}", "Hello%20World!"],
    ["{+path}/here", "/foo/bar/here"],
    ["{#path,x}/here", "#/foo/bar,1024/here"],
    ["map?{x,y}", "map?1024,768"],
    ["{.list}", ".red,green,blue"],
    ["{.list*}", ".red.green.blue"],
    ["{/var,x}/here", "/value/1024/here"],
    ["{/list*}", "/red/green/blue"],
    ["{;x,y,empty}", ";x=1024;y=768;empty"],
    ["{?x,y,empty}", "?x=1024&y=768&empty="],
    ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
    ["{var:3}", "val"],
    ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
    ["{keys}", "semi,%3B,dot,.,comma,%2C"],
    ["{undef}x", "x"],
  ])("%s → %s", (template, expected) => {
    expect(new UriTemplate(template).expand(vars)).toBe(expected);
  });
});

describe("UriTemplate.match", () => {
  it.each([
    ["users://{id}", "users://a%20b", { id: "a b" }],
    ["file:///{+path}", "file:///src/a/b.ts", { path: "src/a/b.ts" }],
    ["users://{id}/posts{?page,size}", "users://7/posts?size=10&page=2", { id: "7", page: "2", size: "10" }],
    ["users://{id}/posts{?page}", "users://7/posts", { id: "7" }],
    ["tags:{list}", "tags:red,green", { list: ["red", "green"] }],
    ["p{/list*}", "p/red/green", { list: ["red", "green"] }],
    ["f{.ext}", "f.json", { ext: "json" }],
    ["m{;x,y}", "m;x=1;y=2", { x: "1", y: "2" }],
    ["{?q*}", "?q=a&q=b", { q: ["a", "b"] }],
  ])("%s matches %s", (template, uri, expected) => {
    expect(new UriTemplate(template).match(uri)).toEqual(expected);
  });

  it("rejects what does not fit", () => {
    expect(new UriTemplate("users://{id}").match("users://a/b")).toBeUndefined();
    expect(new UriTemplate("users://{id}").match("posts://a")).toBeUndefined();
    expect(new UriTemplate("users://{id}").match("users://%E0%A4%A")).toBeUndefined();
  });

  it("round-trips expansion", () => {
    const t = new UriTemplate("repo://{owner}/{name}{/path*}{?ref}");
    const v = { owner: "a b", name: "c", path: ["x", "y.ts"], ref: "main" };
    expect(t.match(t.expand(v))).toEqual(v);
  });

  it("refuses malformed templates", () => {
    expect(() => new UriTemplate("a{b")).toThrow(SyntaxError);
    expect(() => new UriTemplate("a{b c}")).toThrow(SyntaxError);
  });
});
