import { PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { useEffect, useRef } from "react";
import { ScenePainter } from "./scenePainter";

/** On the stage the DOM's own <video> elements show the tiles' pictures, beneath the canvas. */
const beneath = () => "beneath" as const;

/**
 * Scene layers drawn by their painters on a transparent canvas of the stage, at the stage's size in
 * device pixels (the painters draw in program pixels, scaled): when the layers change, while one of them
 * animates, and when an image they wait for arrives.
 */
export function SceneCanvas({
  layers,
  width,
  height,
}: {
  layers: readonly SceneLayer[];
  width: number;
  height: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const painter = useRef<ScenePainter | null>(null);
  const repaint = useRef(() => {});
  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext("2d");
    if (!element || !ctx || width <= 0 || height <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    const size = { width: Math.round(width * ratio), height: Math.round(height * ratio) };
    // Setting a canvas's size clears it, even to the same size.
    if (element.width !== size.width) element.width = size.width;
    if (element.height !== size.height) element.height = size.height;
    painter.current ??= new ScenePainter(ctx, { redraw: () => repaint.current() });
    const scene = painter.current;
    scene.setLayers(layers, performance.now());
    let frame = 0;
    const paint = () => {
      cancelAnimationFrame(frame);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, element.width, element.height);
      const scale = element.width / PROGRAM_WIDTH;
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      if (scene.draw({ now: performance.now(), video: beneath })) frame = requestAnimationFrame(paint);
    };
    repaint.current = paint;
    paint();
    return () => cancelAnimationFrame(frame);
  }, [layers, width, height]);
  return <canvas ref={canvas} className="scene-canvas" />;
}
