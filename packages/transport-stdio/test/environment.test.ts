import { describe, expect, it } from "vitest";
import { childEnvironment, defaultInheritedEnv } from "../src/index.js";

const parent = {
  HOME: "/home/ada",
  PATH: "/usr/bin:/bin",
  USER: "ada",
  SHELL: "/bin/zsh",
  TERM: "xterm",
  LOGNAME: "ada",
  OPENAI_API_KEY: "sk-secret",
  AWS_SECRET_ACCESS_KEY: "secret",
  LANG: "en_GB.UTF-8",
};

describe("defaultInheritedEnv", () => {
  it("is a small fixed set on POSIX and the usual Windows set on win32", () => {
    expect(defaultInheritedEnv("linux")).toEqual(["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"]);
    expect(defaultInheritedEnv("darwin")).toEqual(defaultInheritedEnv("linux"));
    expect(defaultInheritedEnv("win32")).toEqual(
      expect.arrayContaining(["APPDATA", "PATH", "SYSTEMROOT", "TEMP", "USERNAME", "USERPROFILE"]),
    );
    expect(defaultInheritedEnv("win32")).not.toContain("HOME");
  });
});

describe("childEnvironment", () => {
  it("keeps only the allow-listed variables by default", () => {
    expect(childEnvironment({}, parent, "linux")).toEqual({
      HOME: "/home/ada",
      PATH: "/usr/bin:/bin",
      USER: "ada",
      SHELL: "/bin/zsh",
      TERM: "xterm",
      LOGNAME: "ada",
    });
  });

  it("adds the caller's variables, overrides inherited ones, and removes those set to undefined", () => {
    expect(
      childEnvironment({ env: { API_KEY: "given", HOME: "/tmp/home", SHELL: undefined } }, parent, "linux"),
    ).toEqual({
      HOME: "/tmp/home",
      PATH: "/usr/bin:/bin",
      USER: "ada",
      TERM: "xterm",
      LOGNAME: "ada",
      API_KEY: "given",
    });
  });

  it("uses a caller's allow-list instead of the default, or everything with 'all'", () => {
    expect(childEnvironment({ inheritEnv: ["PATH", "LANG", "MISSING"] }, parent, "linux")).toEqual({
      PATH: "/usr/bin:/bin",
      LANG: "en_GB.UTF-8",
    });
    expect(childEnvironment({ inheritEnv: "all" }, parent, "linux")).toEqual(parent);
  });

  it("matches names case-sensitively on POSIX", () => {
    expect(childEnvironment({}, { Path: "/x", PATH: "/y" }, "linux")).toEqual({ PATH: "/y" });
  });

  it("matches names whatever their case on Windows, and an addition replaces any spelling", () => {
    const windowsParent = { Path: "C:\\Windows", SystemRoot: "C:\\Windows", GITHUB_TOKEN: "ghp_secret" };
    expect(childEnvironment({}, windowsParent, "win32")).toEqual({
      Path: "C:\\Windows",
      SystemRoot: "C:\\Windows",
    });
    expect(childEnvironment({ env: { PATH: "C:\\tools" } }, windowsParent, "win32")).toEqual({
      PATH: "C:\\tools",
      SystemRoot: "C:\\Windows",
    });
  });

  it("does not inherit shell function definitions", () => {
    expect(childEnvironment({}, { PATH: "/bin", TERM: "() { :; }; echo pwned" }, "linux")).toEqual({
      PATH: "/bin",
    });
  });

  it("skips variables whose value is undefined", () => {
    expect(childEnvironment({}, { PATH: undefined, HOME: "/h" }, "linux")).toEqual({ HOME: "/h" });
  });
});
