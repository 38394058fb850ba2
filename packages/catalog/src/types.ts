/** What a generation makes: its record's `type`. A tool (ModelDefinition.tool) makes an image. */
export type ModelType = 'image' | 'video';

/** A picture's size in pixels. */
export type Size = { width: number; height: number };

/**
 * The finishing tools (ADR 038): each is a hosted model that works on a picture the person
 * already has, catalogued like the generation models with a `tool` section.
 */
export type ToolKind =
  | 'upscale'
  | 'remove-background'
  | 'replace-background'
  | 'expand'
  | 'inpaint';

/** A frame laid out around the original picture (expand): all in the result's pixels. */
export type FrameLayout = {
  canvas: Size;
  /** The original as placed on the canvas. */
  original: Size;
  /** The original's top-left corner on the canvas. */
  location: { x: number; y: number };
};

/** Whether a model takes a prompt: most need one; some tools take one optionally or not at all. */
export type PromptUse = 'required' | 'optional' | 'none';

/**
 * What makes a catalogue entry a tool: the picture it works on, and how the source picture's size
 * decides the output's size (and so the price) and any provider input measured in pixels.
 */
export type ToolDefinition = {
  kind: ToolKind;
  /** What the person sees ("Upscale"); `name` stays the model behind it ("Real-ESRGAN"). */
  title: Localized;
  /** How the prompt box reads for this tool; present exactly when the tool takes a prompt. */
  promptText?: { label: Localized; hint: Localized; placeholder: Localized };
  /** The `file` parameter holding the picture worked on; it is required. */
  sourceParam: string;
  /** The result's size, from the source's size and the validated parameters. */
  outputSize(parameters: Readonly<Record<string, ParamValue>>, source: Size): Size;
  /**
   * Provider inputs computed from the source's size (expand: the canvas and where the original
   * sits on it), merged into the provider's input after the mapped parameters.
   */
  derive?(
    parameters: Readonly<Record<string, ParamValue>>,
    source: Size,
  ): Record<string, string | number | boolean | readonly number[]>;
  /** The largest result the tool makes, in pixels (width × height); larger is refused. */
  maxOutputPixels: number;
  /**
   * A source the tool would do nothing to (expand to the picture's own shape): the refusal's
   * message, or null when the request makes sense.
   */
  refuse?(parameters: Readonly<Record<string, ParamValue>>, source: Size): string | null;
  /** The output keeps transparency (a PNG with an alpha channel). */
  transparent?: boolean;
  /**
   * A tool that places the original in a new frame: the parameters (0–100 per cent of the free
   * room) that the studio's frame editor sets by dragging, and the layout it draws.
   */
  frame?: {
    x: string;
    y: string;
    layout(parameters: Readonly<Record<string, ParamValue>>, source: Size): FrameLayout;
  };
};

export type ParamType = 'select' | 'number' | 'slider' | 'boolean' | 'textarea' | 'text' | 'file';

/**
 * The four parameter groups of the spec. The studio renders them in the order the model's
 * `groups` list gives; `basic` is always open, the others collapse unless marked expanded.
 */
export type ParamGroup = 'basic' | 'quality' | 'advanced' | 'model-specific';

export type Localized = { en: string; ru: string };

/** A parameter value after validation. `null` means "empty" (a random seed, no input image). */
export type ParamValue = string | number | boolean | null;

export type SelectOption = {
  /** Sent as is; never empty. */
  value: string;
  /** Shown instead of the value when the value alone reads poorly (`match_input_image`). */
  label?: Localized;
};

/**
 * A declarative condition on another parameter's current value. "Empty" means null, undefined
 * or the empty string.
 */
export type Condition =
  | { param: string; equals: string | number | boolean }
  | { param: string; notEquals: string | number | boolean }
  | { param: string; empty: boolean };

export type ParameterDefinition = {
  name: string;
  type: ParamType;
  label: Localized;
  description?: Localized;
  /** Absent or null: the parameter starts empty (a nullable seed or file). */
  default?: ParamValue;
  min?: number;
  max?: number;
  /** Measured from `min` (or 0 when there is no min). */
  step?: number;
  /** `select` only. */
  options?: readonly SelectOption[];
  /** Position in the form; unique within a model. */
  order: number;
  group: ParamGroup;
  /** Rendered only while the condition holds; a hidden value is dropped by `validateRequest`. */
  showWhen?: Condition;
  /** `file` only: accepted mime types. */
  accept?: readonly string[];
  /** Whole numbers only. */
  integer?: boolean;
  /** Must not be empty (a tool's source picture, an inpainting mask). */
  required?: boolean;
  /** `file` only: a picture that must have the tool's source picture's size (a mask). */
  matchesSource?: boolean;
  /**
   * `file` only: the form offers to take another file parameter's picture here, saying `label`
   * (a video's last frame as its first: a loop).
   */
  sameAs?: { param: string; label: Localized };
  /** Advice shown next to the input; not enforced. */
  recommended?: { min: number; max: number };
  /** Empty (null, '' or absent) is a valid value: a random seed, no input image. */
  nullable?: boolean;
  /** The value cannot be changed; the studio shows it read-only and only `default` is accepted. */
  fixed?: boolean;
  /**
   * A number that may take only these values (video_length 49/129, seedance 5/10 s). The studio
   * renders such a number as a choice of these values rather than a free input.
   */
  allowedValues?: readonly number[];
  /** The value must equal `remainder` modulo `divisor` (hunyuan sizes: 16k; frames: 4k+1). */
  modulo?: { divisor: number; remainder: number };
  /** A lower maximum while a condition holds (safety_tolerance ≤ 2 with an input image). */
  conditionalMax?: { when: Condition; max: number; reason: string };
  /** `text` and `textarea`: the longest value accepted. */
  maxLength?: number;
};

/**
 * A group as one model presents it. `basic` is always open (and always has `expanded: true`);
 * other groups start collapsed unless `expanded`. `label` overrides the group's generic name:
 * qwen-image's LoRA parameters form its collapsed `model-specific` group labelled "LoRA".
 */
export type GroupDefinition = { id: ParamGroup; expanded: boolean; label?: Localized };

export type ProviderRef = { model: string } | { model: string; version: string };

/**
 * How a validated request becomes the provider's `input`: every parameter is sent under its own
 * name unless renamed, with values translated where the provider's enum differs from ours, and
 * constants added. Null values and empty strings are left out so the provider uses its default.
 */
export type ProviderMapping = {
  /** `{ model }` for official models, `{ model, version }` for community ones run by version. */
  ref: ProviderRef;
  /** Every input name the provider's schema accepts (integrations.md §B); a test holds us to it. */
  inputs: readonly string[];
  rename?: Readonly<Record<string, string>>;
  /**
   * The provider's name for the prompt (`bg_prompt`); `null` when the model takes none. Absent:
   * `prompt`.
   */
  promptAs?: string | null;
  /** Sent when the person left an optional prompt empty (inpainting with no prompt erases). */
  emptyPrompt?: string;
  /** Our parameters that only feed `tool.derive` and are never sent under their own name. */
  local?: readonly string[];
  values?: Readonly<Record<string, Readonly<Record<string, string | number | boolean>>>>;
  constants?: Readonly<Record<string, string | number | boolean>>;
};

/**
 * A price rule as data. Image models make one output each (maxOutputs 1), so `per-output` is the
 * price of one generation. `per-second` multiplies by the effective duration, which for a model
 * with `fixedDuration` is always that duration (veo3 with sound: 75 × 8 = 600).
 */
export type PriceRule =
  | { kind: 'per-output'; tokens: number }
  | { kind: 'per-second'; tokensPerSecond: number }
  | {
      kind: 'per-second-by-resolution';
      param: string;
      tokensPerSecond: Readonly<Record<string, number>>;
    }
  /**
   * Per second at a rate chosen by another option's value, keyed by `String(value)`: a boolean's
   * are 'true' and 'false' (Veo 3's sound: 75 with, 50 without, ADR 048). `labels` name each
   * value's rate mid-sentence in the price lists ('with sound', 'со звуком').
   */
  | {
      kind: 'per-second-by-option';
      param: string;
      tokensPerSecond: Readonly<Record<string, number>>;
      labels: Readonly<Record<string, Localized>>;
    }
  | { kind: 'flat'; tokens: number }
  /**
   * Per megapixel of the result (a tool's output size from its source), rounded up, never less
   * than `minimum`: upscaling, which providers bill by the pixels they make.
   */
  | { kind: 'per-megapixel'; tokensPerMegapixel: number; minimum: number };

export type OutputFormat = 'jpg' | 'png' | 'webp' | 'mp4';

/** What a library element is (issue #47): a person, or a product. */
export type ReferenceKind = 'character' | 'product';

/**
 * A model that takes reference pictures — the same face or product in a new picture or video
 * (issue #47, ADR 044): the provider's input taking them as an array of URLs, and its limits.
 */
export type ReferenceSupport = {
  /** The provider's input (`image_input`, `reference_images`). */
  input: string;
  /** The most pictures one request may send, from the model's published schema. */
  max: number;
  /** The elements it takes. */
  kinds: readonly ReferenceKind[];
  /**
   * Parameters the provider refuses together with references (seedance's first frame): they must
   * be empty while references are sent.
   */
  excludes?: readonly string[];
};

/**
 * A model that runs what a person trained (issue #47, ADR 045): each request names one trained
 * element of theirs, whose training's version is run (`ValidatedRequest.version`).
 */
export type TrainedSupport = {
  /** The elements that can be trained for it. */
  kinds: readonly ReferenceKind[];
};

/**
 * A model that makes a picture speak a recording (issue #48, ADR 049): the file parameter holding
 * the recording, an upload of the person's. The video lasts as long as the recording, so the
 * request's duration is the recording's length in whole seconds (rounded up), read by the server
 * from the stored file, and a per-second price charges that.
 */
export type SpeechSupport = {
  audioParam: string;
  /** The longest recording taken, in seconds. */
  maxSeconds: number;
};

export type ModelDefinition = {
  id: string;
  type: ModelType;
  /** Display name, the same in both languages. */
  name: string;
  description: Localized;
  provider: ProviderMapping;
  parameters: readonly ParameterDefinition[];
  groups: readonly GroupDefinition[];
  outputFormats: readonly OutputFormat[];
  /** As the spec states it ('2K', '1280×1280', '4K'); absent where the spec is silent. */
  maxResolution?: string;
  /** Usual wall-clock time of one generation, in seconds. */
  typicalSeconds: { min: number; max: number };
  /** Sample pictures for the model card (image models). */
  demoImages: readonly string[];
  maxOutputs: number;
  price: PriceRule;
  /** The parameter that takes an input image, so 'Animate' can find video models that accept one. */
  imageParam?: string;
  /** The model always makes videos of this many seconds (veo3). */
  fixedDuration?: number;
  /** The video's length follows from frames ÷ fps (hunyuan), rounded up to whole seconds. */
  frameDuration?: { frames: string; fps: string };
  /** Priced but not offered in the studio and not accepted by `validateRequest` (flux-dev). */
  pricingOnly?: boolean;
  /** Whether it takes a prompt; absent means `required`. */
  prompt?: PromptUse;
  /** Present on the finishing tools, which the studio offers on a picture, not in its model list. */
  tool?: ToolDefinition;
  /** Present on the models that take reference pictures of library elements. */
  references?: ReferenceSupport;
  /** Present on a model that runs a person's trained element, never listed for everyone. */
  trained?: TrainedSupport;
  /** Present on a model that makes a picture speak a recording (a talking character). */
  speech?: SpeechSupport;
};

export type FieldErrorCode =
  | 'unknown_model'
  | 'model_unavailable'
  | 'invalid_type'
  | 'required'
  | 'too_long'
  | 'invalid_characters'
  | 'unknown_parameter'
  | 'not_integer'
  | 'out_of_range'
  | 'invalid_step'
  | 'not_divisible'
  | 'not_allowed'
  | 'fixed'
  | 'invalid_option'
  | 'empty_option'
  | 'invalid_url'
  | 'conflict'
  | 'not_supported'
  | 'too_many_parameters'
  | 'too_large'
  | 'nothing_to_do'
  | 'size_mismatch'
  | 'too_many';

export type FieldError = { field: string; code: FieldErrorCode; message: string };

export type ValidatedRequest = {
  model: ModelDefinition['id'];
  type: ModelType;
  /** Trimmed. */
  prompt: string;
  /** Every visible parameter, defaults filled in; hidden ones dropped; `seed: null` = random. */
  parameters: Record<string, ParamValue>;
  /** Effective length in seconds (0 for images); see `effectiveDuration`. */
  duration: number;
  /**
   * Reference pictures (our file URLs) sent in the model's `references.input`, in order: what the
   * server chose from the library elements named by the request (`checkReferences`).
   */
  references?: readonly string[];
  /** A trained model's version to run (`owner/name:id` or the id), chosen by the server. */
  version?: string;
};

export type ValidationResult =
  | { ok: true; value: ValidatedRequest }
  | { ok: false; errors: FieldError[] };

/**
 * Parameters and duration as priced: a `ValidatedRequest` fits. A tool priced by the megapixel
 * also needs its source picture's size.
 */
export type PriceInput = {
  parameters: Readonly<Record<string, unknown>>;
  duration: number;
  source?: Size;
};
