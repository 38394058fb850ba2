/** What a finishing tool is asked to do, as models.ts plans it and tools.ts runs it. */
import type { Size } from './geometry.ts';

export type Point = { x: number; y: number };

/** A picture input: its URL and the input field it came from (for error messages). */
export type PictureRef = { url: string; field: string };

export type Outpaint =
  | 'None'
  | 'Zoom out 1.5x'
  | 'Zoom out 2x'
  | 'Make square'
  | 'Left outpaint'
  | 'Right outpaint'
  | 'Top outpaint'
  | 'Bottom outpaint';

/** Where the original goes on a wider canvas. */
export type ExpandRequest =
  | { aspectRatio: number }
  | { canvas: Size; originalSize?: Size | undefined; location?: Point | undefined }
  | { outpaint: Exclude<Outpaint, 'None'> };

export type ToolJob =
  | { tool: 'upscale'; format: 'png'; image: PictureRef; scale: number }
  | { tool: 'remove-background'; format: 'png'; image: PictureRef; preservePartialAlpha: boolean }
  | {
      tool: 'generate-background';
      format: 'png';
      image: PictureRef;
      prompt: string;
      reference?: PictureRef | undefined;
      originalQuality: boolean;
      seed: number;
    }
  | {
      tool: 'expand';
      format: 'png' | 'jpg';
      image: PictureRef;
      request: ExpandRequest;
      prompt: string;
      preserveAlpha: boolean;
    }
  | {
      tool: 'fill';
      format: 'png' | 'jpg';
      image: PictureRef;
      mask?: PictureRef | undefined;
      prompt: string;
      seed: number;
    };
