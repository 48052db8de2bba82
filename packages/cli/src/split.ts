import { UsageError } from "./errors.js";

/**
 * Splits a command line into words the way a POSIX shell would for the simple cases: blanks
 * separate words, single quotes keep everything, double quotes keep everything but `\"` and `\\`,
 * a backslash outside quotes escapes the next character. No expansion of any kind.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new UsageError(`unterminated ' in the server command: ${line}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      i++;
      for (; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\")) i++;
        word += line[i];
      }
      if (i >= line.length) throw new UsageError(`unterminated " in the server command: ${line}`);
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === " " || c === "\t" || c === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
