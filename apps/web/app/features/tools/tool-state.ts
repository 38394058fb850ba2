import {
  checkToolSource,
  type FieldError,
  type ParameterSection,
  type ParamGroup,
  type ParamValue,
  parameterSections,
  type Size,
  type ToolModel,
} from '@kadr/catalog';
import { maskParamOf } from '~/features/generations/tools/tool-run';

/** The form's sections without the pictures, which the workspace shows as pictures. */
export function toolSections(
  tool: ToolModel,
  values: Readonly<Record<string, ParamValue>>,
): ParameterSection[] {
  const mask = maskParamOf(tool);
  return parameterSections(tool, values)
    .map((section) => ({
      ...section,
      parameters: section.parameters.filter(
        (def) => def.name !== tool.tool.sourceParam && def.name !== mask,
      ),
    }))
    .filter((section) => section.parameters.length > 0);
}

export function initiallyOpen(tool: ToolModel): ParamGroup[] {
  return tool.groups.filter((group) => group.id === 'basic' || group.expanded).map((g) => g.id);
}

/** What the tool would refuse for this picture (too large, nothing to do), before asking. */
export function sourceRefusal(
  tool: ToolModel,
  values: Readonly<Record<string, ParamValue>>,
  source: Size | null,
): FieldError | undefined {
  return source ? checkToolSource(tool, values, source)[0] : undefined;
}

/** Keeps a drag's pointer on the element; a pointer already gone (a lifted finger) is let go. */
export function capturePointer(element: Element, pointerId: number): void {
  try {
    element.setPointerCapture(pointerId);
  } catch {
    // Nothing to capture: the drag ends with this event.
  }
}
