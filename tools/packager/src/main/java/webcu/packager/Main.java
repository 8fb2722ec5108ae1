package webcu.packager;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Command line of the packager: {@code package} assembles dist/ within a size budget, {@code serve} serves it. */
@Command(name = "packager", mixinStandardHelpOptions = true,
        subcommands = {Main.PackageCommand.class, Main.ServeCommand.class},
        description = "Assembles and serves webcu's dist/.")
public final class Main implements Runnable {
    @Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs a command line without exiting, so tests can read the exit code and the output. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return new CommandLine(new Main()).setOut(out).setErr(err).execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: package or serve");
    }

    /** The {@code package} subcommand. */
    @Command(name = "package", mixinStandardHelpOptions = true,
            description = "Copy SRC_DIRs into --out, write .br twins and " + Packager.MANIFEST + ", enforce the budget.")
    static final class PackageCommand implements Callable<Integer> {
        @Spec CommandLine.Model.CommandSpec spec;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory (wiped first)")
        Path out;

        @Option(names = "--budget-bytes", required = true, paramLabel = "N",
                description = "maximum Brotli size of the page load")
        long budget;

        @Option(names = "--page-file", paramLabel = "NAME",
                description = "file the page loads, relative to --out (repeatable; default: all files)")
        List<String> pageFiles = new ArrayList<>();

        @Option(names = "--hash-names",
                description = "give every file but the pages, sw.js and the manifests a content-hashed name (NAME.HASH.EXT) and rewrite the references to it")
        boolean hashNames;

        @Parameters(arity = "1..*", paramLabel = "SRC_DIR", description = "sources; later ones override earlier ones")
        List<Path> sources;

        @Override
        public Integer call() throws IOException {
            PrintWriter stdout = spec.commandLine().getOut();
            PrintWriter stderr = spec.commandLine().getErr();
            List<String> pages = normalize(pageFiles);
            List<Packager.Entry> entries;
            try {
                entries = Packager.assemble(sources, out, pages, hashNames);
            } catch (PackagerException e) {
                stderr.println("packager: " + e.getMessage());
                return 1;
            }
            List<Packager.Entry> page = pages.isEmpty()
                    ? entries
                    : entries.stream().filter(e -> pages.contains(e.source())).toList();
            long pageRaw = page.stream().mapToLong(Packager.Entry::rawSize).sum();
            long pageBr = page.stream().mapToLong(Packager.Entry::servedSize).sum();

            long totalRaw = entries.stream().mapToLong(Packager.Entry::rawSize).sum();
            long totalServed = entries.stream().mapToLong(Packager.Entry::servedSize).sum();
            String total = "total (" + entries.size() + " files)";
            int name = Math.max(total.length(), entries.stream().mapToInt(e -> e.url().length()).max().orElse(0));
            int num = bytes(totalRaw).length();
            String row = "  %-" + name + "s  %" + num + "s raw  %" + num + "s%s%n";
            for (Packager.Entry e : entries) {
                boolean twin = e.brotliSize() >= 0;
                stdout.printf(row, e.url(), bytes(e.rawSize()), twin ? bytes(e.brotliSize()) : "-", twin ? " br" : "");
            }
            stdout.printf(row, total, bytes(totalRaw), bytes(totalServed), " br");
            // Files without a twin travel uncompressed, so they count at their raw size.
            stdout.printf("page load: %s raw, %s brotli (budget %s)%n", bytes(pageRaw), bytes(pageBr), bytes(budget));
            stdout.flush();
            if (pageBr > budget) {
                stderr.printf("packager: page load is %s brotli, over the budget of %s (--budget-bytes %d)%n",
                        bytes(pageBr), bytes(budget), budget);
                return 1;
            }
            return 0;
        }

        /** Accepts "./x", "/x" and backslashes, since the names are typed by hand in build scripts. */
        private static List<String> normalize(List<String> names) {
            LinkedHashSet<String> result = new LinkedHashSet<>();
            for (String name : names) {
                String n = name.replace('\\', '/');
                while (n.startsWith("./") || n.startsWith("/")) {
                    n = n.substring(n.startsWith("/") ? 1 : 2);
                }
                result.add(n);
            }
            return List.copyOf(result);
        }

        private static String bytes(long n) {
            return String.format(Locale.ROOT, "%,d B", n);
        }
    }

    /** The {@code serve} subcommand. */
    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = "Serve DIR over HTTP with the right types and the .br twins.")
    static final class ServeCommand implements Callable<Integer> {
        @Spec CommandLine.Model.CommandSpec spec;

        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "directory to serve")
        Path dir;

        @Option(names = "--port", defaultValue = "8080", description = "port (0 picks a free one; default ${DEFAULT-VALUE})")
        int port;

        @Option(names = "--host", defaultValue = "127.0.0.1", description = "address to bind (default ${DEFAULT-VALUE})")
        String host;

        @Override
        public Integer call() throws IOException, InterruptedException {
            StaticServer server = StaticServer.start(dir, host, port);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
            PrintWriter stdout = spec.commandLine().getOut();
            String shownHost = host.contains(":") ? "[" + host + "]" : host;
            stdout.printf("serving %s on http://%s:%d/%n", dir, shownHost, server.port());
            stdout.flush();
            new CountDownLatch(1).await(); // until Ctrl-C; the shutdown hook stops the server
            return 0;
        }
    }
}
