/**
 * The bash completion script, and zsh's (the same script through bashcompinit). It finds the
 * command path by walking the words before the cursor, skipping options and the values of those
 * that take one (global options may come first), and counting the arguments given to the
 * command; it keeps `--profile` and `--api-base` as typed, and the arguments, for the values it
 * asks the CLI for (`__complete`).
 */
import { type Node, type OptionSpec, type Values, walk, words } from './tree';

/** A single-quoted word for bash and zsh. */
const shq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** `case` lines of the values of each option and argument with a fixed set or a file. */
function valueCases(root: Node, globals: OptionSpec[]): string[] {
  const cases: string[] = [];
  const add = (patterns: string[], values: Values) => {
    if (!values || patterns.length === 0) return;
    // A fixed set as its words; a file name or values to ask for as @file, @profile...
    cases.push(
      `    ${patterns.join('|')}) values=${shq(typeof values === 'string' ? `@${values}` : words(values))} ;;`,
    );
  };
  walk(root, (node) => {
    for (const option of node.options) {
      add(
        option.flags.map((flag) => shq(`${node.path} ${flag}`)),
        option.values,
      );
    }
    node.args.forEach((values, index) => {
      add([shq(`${node.path} @${index}`)], values);
    });
  });
  // Global options last: a command's own option of the same name comes first.
  for (const option of globals) {
    add(
      option.flags.map((flag) => `*' ${flag}'`),
      option.values,
    );
  }
  return cases;
}

export function bash(root: Node, globals: OptionSpec[]): string {
  const specs: string[] = [];
  walk(root, (node) => {
    const subs = node.children.map((child) => child.name);
    const flags = node.options.flatMap((option) => option.flags);
    const takes = node.options.filter((option) => option.takesValue).flatMap((option) => option.flags);
    if (subs.length + flags.length === 0) return;
    specs.push(
      `    ${shq(node.path)}) subs=${shq(words(subs))} flags=${shq(words(flags))} takes=${shq(words(takes))} ;;`,
    );
  });
  const globalFlags = globals.flatMap((option) => option.flags);
  const globalTakes = globals.filter((option) => option.takesValue).flatMap((option) => option.flags);
  return `# matchmaker completion for bash: eval "$(matchmaker completion bash)"
# The subcommands, options and value-taking options of a command path ($1).
_matchmaker_spec() {
  subs='' flags='' takes=''
  case "$1" in
${specs.join('\n')}
  esac
}
# The values of option $2 (or of argument @N) of command path $1: a fixed set, @file, or what
# to ask the CLI for (@profile, @feature, @subfeature).
_matchmaker_values() {
  values=''
  case "$1 $2" in
${valueCases(root, globals).join('\n')}
  esac
}
# Asks the CLI itself (as typed, with the --profile and --api-base typed) for values of kind $1;
# the feature of a subfeature is the first argument. Quick or nothing: an API out of reach
# gives no values, not a wait.
_matchmaker_ask() {
  "\${COMP_WORDS[0]}" "\${given[@]}" --request-timeout 2 __complete "$1" "\${args[@]:0:1}" 2>/dev/null
}
_matchmaker_offer() {
  case "$values" in
    @file) ;;
    @*) values="$(_matchmaker_ask "\${values#@}")" ;;
  esac
  if [ "$values" = '@file' ]; then
    type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
    local IFS=$'\\n'
    if [ -n "$prefix" ] && [ -n "\${ZSH_VERSION:-}" ]; then
      # zsh's compgen -f completes the whole word (--opt=value) as a file name; -G takes ours.
      COMPREPLY=( $(compgen -G "$cur*") )
    else
      COMPREPLY=( $(compgen -f -- "$cur") )
    fi
  else
    COMPREPLY=( $(compgen -W "$values" -- "$cur") )
  fi
  if [ -n "$prefix" ]; then COMPREPLY=( "\${COMPREPLY[@]/#/$prefix}" ); fi
}
_matchmaker() {
  # The command path is in 'at': a local 'path' would empty zsh's PATH (tied to its 'path').
  local cur="\${COMP_WORDS[COMP_CWORD]}" at='' word option='' prefix='' ended='' n=0 i
  local subs flags takes values
  local -a given=() args=()
  local globals=${shq(words(globalFlags))} global_takes=${shq(words(globalTakes))}
  COMPREPLY=()
  _matchmaker_spec ''
  # Walk the words before the cursor: options (global ones too) and their values are skipped,
  # subcommands extend the path, anything else is an argument. bash splits --opt=value at the =.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [ -n "$option" ]; then
      [ "$word" = '=' ] && continue
      case "$option" in --profile|--api-base) given+=("$option" "$word") ;; esac
      option=''
      continue
    fi
    if [ -z "$ended" ]; then
      case "$word" in
        --) ended=1; continue ;;
        --profile=*|--api-base=*) given+=("$word"); continue ;;
        -*=*) continue ;;
        -*)
          case " $takes $global_takes " in *" $word "*) option="$word" ;; esac
          continue ;;
      esac
    fi
    case " $subs " in
      *" $word "*) at="\${at:+$at }$word"; _matchmaker_spec "$at" ;;
      *) n=$((n + 1)); args+=("$word") ;;
    esac
  done
  if [ -n "$option" ]; then
    [ "$cur" = '=' ] && cur=''
  elif [ -z "$ended" ]; then
    case "$cur" in
      -*=*)
        case " $takes $global_takes " in
          *" \${cur%%=*} "*) option="\${cur%%=*}"; prefix="$option="; cur="\${cur#*=}" ;;
        esac ;;
    esac
  fi
  if [ -n "$option" ]; then
    _matchmaker_values "$at" "$option"
    _matchmaker_offer
    return
  fi
  if [ -z "$ended" ]; then
    case "$cur" in
      -*) COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") ); return ;;
    esac
  fi
  if [ -n "$subs" ]; then
    COMPREPLY=( $(compgen -W "$subs" -- "$cur") )
    return
  fi
  _matchmaker_values "$at" "@$n"
  if [ -n "$values" ]; then
    _matchmaker_offer
    return
  fi
  [ -n "$ended" ] || COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") )
}
complete -F _matchmaker matchmaker
`;
}

export function zsh(root: Node, globals: OptionSpec[]): string {
  return `# matchmaker completion for zsh: eval "$(matchmaker completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(root, globals).split('\n').slice(1).join('\n')}`;
}
