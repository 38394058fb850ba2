export { type FoundCode, findCodes } from './codes.ts';
export {
  type CardLayout,
  type LayoutInput,
  layoutCard,
  type Omission,
  type PictureLayout,
  type Rect,
  type Shape,
  type TextBlock,
  type TextRole,
} from './layout.ts';
export {
  type CardRenderInput,
  cardFileName,
  type RenderedCard,
  readCardFile,
  renderCard,
  renderCardSet,
} from './render.ts';
export { type FitOptions, fitText, type TextFit, type TextLine, type TextStyle } from './text.ts';
