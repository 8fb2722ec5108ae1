package webcu.vm;

import webcu.runtime.Console;

/** A console that keeps what a program printed, for assertions. */
final class TestConsole implements Console {
    final StringBuilder out = new StringBuilder();
    final StringBuilder err = new StringBuilder();

    @Override
    public void out(String text) {
        out.append(text);
    }

    @Override
    public void err(String text) {
        err.append(text);
    }
}
