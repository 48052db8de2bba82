/** RFC 3339 dates and times, and ISO 8601 durations as RFC 3339 appendix A writes them. */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|([+-])(\d{2}):(\d{2}))$/i;
// RFC 3339 appendix A: each unit may only be followed by the next one down (a year by months, not days).
const durationTime = "T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)";
const durationDate = "(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)";
const durationPattern = new RegExp(`^P(?:[0-9]+W|${durationDate}(?:${durationTime})?|${durationTime})$`);

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const limit = month === 2 && isLeapYear(year) ? 29 : (daysInMonth[month - 1] as number);
  return day <= limit;
}

export function isTime(text: string): boolean {
  const match = timePattern.exec(text);
  if (!match) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const sign = match[4] === "-" ? -1 : 1;
  const offsetHour = Number(match[5] ?? 0);
  const offsetMinute = Number(match[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // A leap second is only 23:59:60 in UTC.
  const utcMinutes = (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

export function isDateTime(text: string): boolean {
  const separator = text.search(/[Tt]/);
  return separator === 10 && isDate(text.slice(0, 10)) && isTime(text.slice(11));
}

export function isDuration(text: string): boolean {
  return durationPattern.test(text);
}
