/** The fixture list of the official conformance suite (official-conformance-fixtures.md §4.6, §9.5). */
export const OFFICIAL_TOOLS = [
  "test_simple_text",
  "test_image_content",
  "test_audio_content",
  "test_embedded_resource",
  "test_multiple_content_types",
  "test_tool_with_logging",
  "test_tool_with_progress",
  "test_error_handling",
  "test_sampling",
  "test_elicitation",
  "test_elicitation_sep1034_defaults",
  "test_elicitation_sep1330_enums",
  "json_schema_2020_12_tool",
  "test_reconnection",
  // 2026-07-28 (server-stateless, header validation, input-required)
  "test_missing_capability",
  "test_streaming_elicitation",
  "test_logging_tool",
  "test_trigger_tool_change",
  "test_trigger_prompt_change",
  "test_x_mcp_header",
  "test_input_required_result_elicitation",
  "test_input_required_result_sampling",
  "test_input_required_result_list_roots",
  "test_input_required_result_request_state",
  "test_input_required_result_multiple_inputs",
  "test_input_required_result_multi_round",
  "test_input_required_result_tampered_state",
  "test_input_required_result_capabilities",
  // client scenarios run against this server
  "add_numbers",
  "test_client_elicitation_defaults",
  "json_schema_echo",
];

export const OFFICIAL_RESOURCES = ["test://static-text", "test://static-binary", "test://watched-resource"];
export const OFFICIAL_TEMPLATES = ["test://template/{id}/data"];
export const OFFICIAL_PROMPTS = [
  "test_simple_prompt",
  "test_prompt_with_arguments",
  "test_prompt_with_embedded_resource",
  "test_prompt_with_image",
  "test_input_required_result_prompt",
];

export const RED_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
