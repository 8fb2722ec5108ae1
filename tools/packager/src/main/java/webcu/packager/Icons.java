package webcu.packager;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The web app manifest's icons, drawn at build time: a grid of thread blocks on the page's accent
 * green. Shapes only, no text, so the pixels do not depend on the fonts of the building machine.
 * The maskable icon fills its whole square and keeps the grid inside the central 80% circle that
 * launchers leave uncropped; the plain ones have rounded, transparent corners.
 */
final class Icons {
    private Icons() {}

    static final Color ACCENT = new Color(0x2f, 0x6f, 0x3e);
    static final Color BLOCK = new Color(0xff, 0xff, 0xff);
    static final Color LIT = new Color(0xb8, 0xe6, 0xc2);

    /** Icon files written into {@code out}, names relative to it. */
    static final List<String> NAMES = List.of("icon-192.png", "icon-512.png", "icon-maskable-512.png");

    static List<String> write(Path out) throws IOException {
        System.setProperty("java.awt.headless", "true");
        ImageIO.setUseCache(false);
        ImageIO.write(draw(192, false), "png", out.resolve(NAMES.get(0)).toFile());
        ImageIO.write(draw(512, false), "png", out.resolve(NAMES.get(1)).toFile());
        ImageIO.write(draw(512, true), "png", out.resolve(NAMES.get(2)).toFile());
        return NAMES;
    }

    static BufferedImage draw(int size, boolean maskable) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(ACCENT);
            if (maskable) {
                g.fillRect(0, 0, size, size);
            } else {
                double r = size * 0.22;
                g.fill(new RoundRectangle2D.Double(0, 0, size, size, r, r));
            }
            // the grid spans 56% of the side (maskable: 44%, well inside the safe circle of radius 40%)
            double span = size * (maskable ? 0.44 : 0.56);
            int n = 4;
            double gap = span * 0.08;
            double cell = (span - gap * (n - 1)) / n;
            double origin = (size - span) / 2;
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    // a diagonal of "active threads" in a lighter green, the rest white
                    g.setColor(x == y ? LIT : BLOCK);
                    double px = origin + x * (cell + gap);
                    double py = origin + y * (cell + gap);
                    g.fill(new RoundRectangle2D.Double(px, py, cell, cell, cell * 0.3, cell * 0.3));
                }
            }
        } finally {
            g.dispose();
        }
        return img;
    }
}
