#!/usr/bin/env python3
"""llama-cpp-python's OpenAI-compatible server with one more chat format,
`sous-chatml-tools`, for ChatML models (SmolLM2) served by
tools/local_llm.py. Run it as `python -m llama_cpp.server` is run; the
arguments are the server's own.

Why: a GGUF's own chat template (SmolLM2's) knows no tools, so the server
never asks such a model for a tool call; llama-cpp-python's
`chatml-function-calling` format offers the tools but leaves the tool
results out of the prompt (the model never learns what its calls made or
why they failed) and fails on `tool_choice: "required"`. This format:

- renders system, user and assistant messages as ChatML, as the model's own
  template does, so a request without tools is decoded exactly as before
  (its `grammar` field included);
- lists the tools in the system message, one line each: the name and the
  parameters' JSON schema (the description too, when the tool has one);
- renders an assistant's tool calls as `functions.NAME:` and the JSON
  arguments, and each tool result as a user message `Result of NAME: …`;
- with tools offered, decodes the answer in two steps under grammars: the
  tool's name (or, with `tool_choice: "auto"`, `message:` for a plain
  answer), then the arguments under the grammar of that tool's JSON schema.
  `"required"` and a named tool always give a call; `"none"` never does.
"""

import json
import runpy
import sys

from llama_cpp import llama_chat_format, llama_grammar

FORMAT = "sous-chatml-tools"
END = "<|im_end|>"


def _block(role, content):
    return f"<|im_start|>{role}\n{content}{END}\n"


def _system(content, tools):
    if not tools:
        return content
    lines = [content, "", "You can call these functions:"]
    for t in tools:
        f = t["function"]
        params = json.dumps(f.get("parameters", {}), separators=(",", ":"))
        described = f" ({f['description']})" if f.get("description") else ""
        lines.append(f"functions.{f['name']}{described}: {params}")
    lines += ["", "To call one, answer `functions.NAME:` and its arguments as JSON on the next line."]
    return "\n".join(lines)


def prompt_of(messages, tools):
    """The ChatML prompt of `messages`, `tools` listed in the system message."""
    out = []
    names = {}
    if tools and (not messages or messages[0]["role"] != "system"):
        out.append(_block("system", _system("", tools)))
    for m in messages:
        role, content = m["role"], m.get("content") or ""
        if role == "system":
            out.append(_block("system", _system(content, tools)))
        elif role == "assistant":
            calls = m.get("tool_calls") or []
            text = content
            for c in calls:
                names[c.get("id")] = c["function"]["name"]
                text += f"functions.{c['function']['name']}:\n{c['function']['arguments']}\n"
            out.append(_block("assistant", text.rstrip("\n")))
        elif role == "tool":
            name = names.get(m.get("tool_call_id"), "the call")
            out.append(_block("user", f"Result of {name}: {content}"))
        else:
            out.append(_block("user", content))
    out.append("<|im_start|>assistant\n")
    return "".join(out)


def _gbnf_literal(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@llama_chat_format.register_chat_completion_handler(FORMAT)
def sous_chatml_tools(llama, messages, functions=None, function_call=None, tools=None,
                      tool_choice=None, temperature=0.2, top_p=0.95, top_k=40, min_p=0.05,
                      typical_p=1.0, stream=False, stop=None, response_format=None,
                      max_tokens=None, presence_penalty=0.0, frequency_penalty=0.0,
                      repeat_penalty=1.1, tfs_z=1.0, mirostat_mode=0, mirostat_tau=5.0,
                      mirostat_eta=0.1, model=None, logits_processor=None, grammar=None,
                      logprobs=None, top_logprobs=None, **kwargs):
    if stream:
        raise ValueError(f"{FORMAT}: streaming is not supported")
    if functions and not tools:
        tools = [{"type": "function", "function": f} for f in functions]
    stop = ([stop] if isinstance(stop, str) else list(stop or [])) + [END]
    sampling = dict(temperature=temperature, top_p=top_p, top_k=top_k, min_p=min_p,
                    typical_p=typical_p, presence_penalty=presence_penalty,
                    frequency_penalty=frequency_penalty, repeat_penalty=repeat_penalty,
                    tfs_z=tfs_z, mirostat_mode=mirostat_mode, mirostat_tau=mirostat_tau,
                    mirostat_eta=mirostat_eta, model=model, logits_processor=logits_processor)
    calling = bool(tools) and tool_choice != "none"
    prompt = prompt_of(messages, tools if calling else None)
    if not calling:
        completion = llama.create_completion(prompt=prompt, stop=stop, max_tokens=max_tokens,
                                             grammar=grammar,
                                             logprobs=top_logprobs if logprobs else None,
                                             **sampling)
        return llama_chat_format._convert_completion_to_chat(completion, stream=False)
    by_name = {t["function"]["name"]: t for t in tools}
    if isinstance(tool_choice, dict):
        name = tool_choice["function"]["name"]
        if name not in by_name:
            raise ValueError(f"tool_choice names `{name}`, which is not among the tools")
    else:
        choices = [_gbnf_literal(f"functions.{n}:") for n in by_name]
        if tool_choice in (None, "auto"):
            choices.append(_gbnf_literal("message:"))
        head = llama.create_completion(
            prompt=prompt, stop=[":"], max_tokens=None,
            grammar=llama_grammar.LlamaGrammar.from_string("root ::= " + " | ".join(choices),
                                                           verbose=False),
            **sampling)
        said = head["choices"][0]["text"].rstrip(":")
        if said == "message":
            completion = llama.create_completion(prompt=prompt + "message:\n", stop=stop,
                                                 max_tokens=max_tokens, **sampling)
            return llama_chat_format._convert_completion_to_chat(completion, stream=False)
        name = said[len("functions."):]
    schema = json.dumps(by_name[name]["function"].get("parameters") or {"type": "object"})
    try:
        arguments = llama_grammar.LlamaGrammar.from_json_schema(schema, verbose=False)
    except Exception:  # a schema the converter does not take: any JSON
        arguments = llama_grammar.LlamaGrammar.from_string(llama_grammar.JSON_GBNF, verbose=False)
    completion = llama.create_completion(prompt=prompt + f"functions.{name}:\n", stop=stop,
                                         max_tokens=max_tokens, grammar=arguments, **sampling)
    return llama_chat_format._convert_completion_to_chat_function(name, completion, False)


if __name__ == "__main__":
    sys.argv[0] = "llama_cpp.server"
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
