// Tool input schemas that carry a whole contract document (a campaign scenario, a calibration
// request) in `pedido`: the tool advertises the contract's own JSON Schema there, so a model can
// write the document unaided, with its $defs lifted to the root of the input schema where the
// contract's "#/$defs/..." references resolve. The arguments themselves are checked only in
// their envelope (pedido is an object); the document is judged by the contract layer, which
// answers with the spec's contract codes rather than a schema error.

type JsonSchema = Record<string, unknown>;

export function withContractSchema(input: JsonSchema, contract: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _id, $defs, ...document } = contract;
  const properties = input.properties as Record<string, JsonSchema>;
  return {
    ...input,
    properties: { ...properties, pedido: { ...document, description: properties.pedido.description } },
    $defs,
  };
}
