/** Hand-placed pixel art for the sign-in screen's showcase (drawn inline: no image requests). */
interface Sprite {
  caption: string;
  /** The agent that makes this kind of asset; its name and sizes come from GET /api/ai/agents. */
  agentId: string;
  rows: string[];
  palette: Record<string, string>;
}

export const showcase: Sprite[] = [
  {
    caption: "red health potion",
    agentId: "pixel-sprite",
    palette: { o: "#1b1426", c: "#a4643a", g: "#d8ecff", w: "#ffffff", r: "#e8414f", D: "#a81f36" },
    rows: [
      "......oooo......",
      "......occo......",
      "......occo......",
      ".....oooooo.....",
      "......ogwo......",
      "......ogwo......",
      ".....oggwwo.....",
      "....ogggggwo....",
      "...orrrrrrrro...",
      "..orrwrrrrrrro..",
      "..orwwrrrrrrro..",
      "..orwrrrrrrDro..",
      "..orrrrrrrrDro..",
      "...orrrrrrDDo...",
      "....oooooooo....",
      "................",
    ],
  },
  {
    caption: "green slime monster",
    agentId: "pixel-sprite",
    palette: { o: "#0f1a14", g: "#4ade80", D: "#15803d", w: "#dcfce7" },
    rows: [
      "................",
      "................",
      "......oooo......",
      "....oogggwoo....",
      "...ogggggwwgo...",
      "..ogggggggwggo..",
      "..oggggggggggo..",
      ".oggoogggoogggo.",
      ".oggowgggowgggo.",
      ".ogggggggggggDo.",
      "oggggggggggggDDo",
      "oDgggggggggggDDo",
      "oDDDDDDDDDDDDDDo",
      ".oooooooooooooo.",
      "................",
      "................",
    ],
  },
  {
    caption: "pink crystal heart",
    agentId: "icon",
    palette: { o: "#2a0f1e", r: "#ff5c8a", D: "#c2185b", w: "#ffe3ec" },
    rows: [
      "................",
      "..oooo....oooo..",
      ".orrrro..orrrro.",
      "orwwrrroorrrrrro",
      "orwrrrrrrrrrrrro",
      "orrrrrrrrrrrrDro",
      "orrrrrrrrrrrrDro",
      ".orrrrrrrrrrDro.",
      "..orrrrrrrrDro..",
      "...orrrrrrDro...",
      "....orrrrDro....",
      ".....orrDro.....",
      "......oDro......",
      ".......oo.......",
      "................",
      "................",
    ],
  },
];

export function PixelArt({ sprite, size = 96 }: { sprite: Sprite; size?: number }) {
  const width = sprite.rows[0]?.length ?? 0;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${width} ${sprite.rows.length}`} shape-rendering="crispEdges" aria-hidden="true">
      {sprite.rows.flatMap((row, y) =>
        [...row].map((c, x) => (sprite.palette[c] ? <rect key={`${x}-${y}`} x={x} y={y} width="1.02" height="1.02" fill={sprite.palette[c]} /> : null)),
      )}
    </svg>
  );
}
