/** A strict XML 1.0 reading for the XML report tests: saxes throws on anything not well-formed. */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: { ...(tag.attributes as Record<string, string>) },
      children: [],
      text: '',
    };
    stack[stack.length - 1]?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack[stack.length - 1];
    if (current) current.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The elements named `name` at any depth, in document order. */
export function elementsNamed(element: XmlElement, name: string): XmlElement[] {
  return [
    ...(element.name === name ? [element] : []),
    ...element.children.flatMap((child) => elementsNamed(child, name)),
  ];
}
