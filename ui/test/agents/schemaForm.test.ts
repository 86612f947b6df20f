import { describe, expect, it } from "vitest";

import { fieldPaths, initialValue, kindOf, setAt, toArguments } from "../../src/features/agents/schemaForm";
import { EXPORT_TABLE_DEFINITION } from "./fixtures";

const schema = EXPORT_TABLE_DEFINITION.inputSchema;

describe("the call form generated from an inputSchema", () => {
  it("gives each property the control its schema calls for", () => {
    expect(kindOf(schema)).toBe("object");
    expect(kindOf(schema.properties.rows)).toBe("integer");
    expect(kindOf(schema.properties.format)).toBe("enum");
    expect(kindOf(schema.properties.tags)).toBe("array");
    expect(kindOf(schema.properties.options.properties.header)).toBe("boolean");
    expect(kindOf({ anyOf: [{ type: "string" }, { type: "number" }] })).toBe("json");
    expect(kindOf({ type: ["string", "null"] })).toBe("string");
  });

  it("starts from the schema's defaults and otherwise empty", () => {
    expect(initialValue({ type: "integer", default: 3 })).toBe("3");
    expect(initialValue({ enum: ["a", "b"], default: "b" })).toBe("1");
    expect(initialValue(schema)).toEqual({ rows: "", format: "", note: "", tags: [], options: { header: "", limit: "" } });
  });

  it("reads typed text as the JSON the schema asks for, leaving out optional empty values", () => {
    let value = initialValue(schema);
    value = setAt(value, "/rows", "3");
    value = setAt(value, "/format", "0");
    value = setAt(value, "/tags", ["x", "y"]);
    value = setAt(value, "/options/header", "true");
    const read = toArguments(schema, value);
    expect(read.problems).toEqual([]);
    expect(read.args).toEqual({ rows: 3, format: "csv", tags: ["x", "y"], options: { header: true } });
  });

  it("names every value it can't read by its JSON Pointer, and what is missing", () => {
    let value = initialValue(schema);
    value = setAt(value, "/rows", "2.5");
    value = setAt(value, "/options/limit", "abc");
    const read = toArguments(schema, value);
    expect(read.problems).toEqual(
      expect.arrayContaining([
        { path: "/rows", code: "notInteger" },
        { path: "/format", code: "required" },
        { path: "/options/header", code: "required" },
        { path: "/options/limit", code: "notNumber" },
      ]),
    );
    expect(toArguments({ type: "object", properties: { raw: {} } }, { raw: "{oops" }).problems).toEqual([
      { path: "/raw", code: "notJson" },
    ]);
  });

  it("knows which paths have a field, so a problem elsewhere shows above the form", () => {
    const paths = fieldPaths(schema, setAt(initialValue(schema), "/tags", ["a"]));
    expect([...paths]).toEqual(expect.arrayContaining(["/rows", "/options", "/options/header", "/tags", "/tags/0"]));
    expect(paths.has("/extra")).toBe(false);
  });
});
