/** A category of streams whose events other teams read from `shipping.<context>.events`. */
export interface PublishedCategory {
  /** Names the topic, the CloudEvent source and the type prefix. */
  context: string;
  streamPrefix: string;
  types: readonly string[];
  /** What the Kafka key (the CloudEvent subject) is, and one, for docs/asyncapi.yaml. */
  key: { description: string; example: string };
  /** The union type of these events, whose `data` the schemas of docs/events describe. */
  declaredIn: { file: string; union: string };
}

export function publicTopic(category: Pick<PublishedCategory, 'context'>): string {
  return `shipping.${category.context}.events`;
}

/** The category of `context` among those published. */
export function publishedCategory(
  categories: readonly PublishedCategory[],
  context: string,
): PublishedCategory {
  const category = categories.find((candidate) => candidate.context === context);
  if (!category) throw new Error(`No events are published for ${context}`);
  return category;
}
