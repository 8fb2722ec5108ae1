package webcu.vm;

/**
 * The time.h helpers of {@link CLibrary}: struct tm from seconds and back in the proleptic
 * Gregorian calendar (the time zone is UTC), strftime's conversions, and the process's clocks.
 * Apart from CLibrary because calendar arithmetic is a topic of its own that the string and
 * process functions never touch.
 */
final class CTime {
    static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"};

    private final Memory mem;
    final long startNanos = System.nanoTime();
    private final long startEpochMicros = System.currentTimeMillis() * 1000;
    long tmBuffer;
    long timeText;
    private long zoneName;

    CTime(Memory mem) {
        this.mem = mem;
    }

    long realtimeMicros() {
        return startEpochMicros + (System.nanoTime() - startNanos) / 1000;
    }

    int field(long tm, int i) {
        return mem.readI32(tm + 4L * i);
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
    private static long daysFromCivil(long y, long m, long d) {
        y -= m <= 2 ? 1 : 0;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    private static boolean leap(long y) {
        return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    }

    /** Fills a struct tm (UTC) from seconds since the epoch. */
    void writeTm(long p, long secs) {
        long days = Math.floorDiv(secs, 86400);
        long rem = Math.floorMod(secs, 86400);
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long y = yoe + era * 400;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        y += m <= 2 ? 1 : 0;
        int[] f = {
            (int) (rem % 60), (int) (rem / 60 % 60), (int) (rem / 3600), (int) d, (int) m - 1, (int) (y - 1900),
            (int) Math.floorMod(days + 4, 7), (int) (days - daysFromCivil(y, 1, 1)), 0,
        };
        for (int i = 0; i < f.length; i++) {
            mem.writeI32(p + 4L * i, f[i]);
        }
        mem.writeI64(p + 40, 0);
        if (zoneName == 0) {
            zoneName = mem.allocateString("UTC", "time zone name", true);
        }
        mem.writeI64(p + 48, zoneName);
    }

    /** mktime/timegm: the struct's fields, out-of-range ones normalized, as seconds since the epoch (UTC). */
    long timeOf(long p) {
        long year = field(p, 5) + 1900L;
        long mon = field(p, 4);
        year += Math.floorDiv(mon, 12);
        mon = Math.floorMod(mon, 12);
        long days = daysFromCivil(year, mon + 1, 1) + field(p, 3) - 1;
        return days * 86400 + field(p, 2) * 3600L + field(p, 1) * 60L + field(p, 0);
    }

    /** {@code v} right-aligned in {@code width} characters (printf's %02d and %2d; no String.format on the page). */
    static String pad(int v, int width, char fill) {
        String digits = Integer.toString(Math.abs(v));
        StringBuilder sb = new StringBuilder();
        if (v < 0 && fill == '0') {
            sb.append('-');
        }
        for (int i = digits.length() + (v < 0 ? 1 : 0); i < width; i++) {
            sb.append(fill);
        }
        if (v < 0 && fill != '0') {
            sb.append('-');
        }
        return sb.append(digits).toString();
    }

    String strftime(String fmt, long tm) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fmt.length(); i++) {
            char c = fmt.charAt(i);
            if (c != '%' || i + 1 >= fmt.length()) {
                sb.append(c);
                continue;
            }
            char k = fmt.charAt(++i);
            int sec = field(tm, 0), min = field(tm, 1), hour = field(tm, 2), mday = field(tm, 3);
            int mon = Math.floorMod(field(tm, 4), 12), year = field(tm, 5) + 1900, wday = Math.floorMod(field(tm, 6), 7);
            int yday = field(tm, 7);
            switch (k) {
                case 'Y' -> sb.append(year);
                case 'C' -> sb.append(pad(year / 100, 2, '0'));
                case 'y' -> sb.append(pad(Math.floorMod(year, 100), 2, '0'));
                case 'm' -> sb.append(pad(mon + 1, 2, '0'));
                case 'd' -> sb.append(pad(mday, 2, '0'));
                case 'e' -> sb.append(pad(mday, 2, ' '));
                case 'H' -> sb.append(pad(hour, 2, '0'));
                case 'k' -> sb.append(pad(hour, 2, ' '));
                case 'I' -> sb.append(pad((hour + 11) % 12 + 1, 2, '0'));
                case 'l' -> sb.append(pad((hour + 11) % 12 + 1, 2, ' '));
                case 'M' -> sb.append(pad(min, 2, '0'));
                case 'S' -> sb.append(pad(sec, 2, '0'));
                case 'p' -> sb.append(hour < 12 ? "AM" : "PM");
                case 'P' -> sb.append(hour < 12 ? "am" : "pm");
                case 'a' -> sb.append(DAYS[wday], 0, 3);
                case 'A' -> sb.append(DAYS[wday]);
                case 'b', 'h' -> sb.append(MONTHS[mon], 0, 3);
                case 'B' -> sb.append(MONTHS[mon]);
                case 'j' -> sb.append(pad(yday + 1, 3, '0'));
                case 'u' -> sb.append(wday == 0 ? 7 : wday);
                case 'w' -> sb.append(wday);
                case 'Z' -> sb.append("UTC");
                case 'z' -> sb.append("+0000");
                case 's' -> sb.append(timeOf(tm));
                case 'F' -> sb.append(year + "-" + pad(mon + 1, 2, '0') + "-" + pad(mday, 2, '0'));
                case 'T' -> sb.append(pad(hour, 2, '0') + ":" + pad(min, 2, '0') + ":" + pad(sec, 2, '0'));
                case 'R' -> sb.append(pad(hour, 2, '0') + ":" + pad(min, 2, '0'));
                case 'D', 'x' -> sb.append(pad(mon + 1, 2, '0') + "/" + pad(mday, 2, '0') + "/" + pad(Math.floorMod(year, 100), 2, '0'));
                case 'X' -> sb.append(pad(hour, 2, '0') + ":" + pad(min, 2, '0') + ":" + pad(sec, 2, '0'));
                case 'c' -> sb.append(DAYS[wday].substring(0, 3) + " " + MONTHS[mon].substring(0, 3) + " " + pad(mday, 2, ' ')
                        + " " + pad(hour, 2, '0') + ":" + pad(min, 2, '0') + ":" + pad(sec, 2, '0') + " " + year);
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case '%' -> sb.append('%');
                default -> sb.append('%').append(k);
            }
        }
        return sb.toString();
    }
}
