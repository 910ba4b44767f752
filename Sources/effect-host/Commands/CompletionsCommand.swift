import EffectHost
/// `effect-host completions bash|zsh|fish`: a completion script for the
/// shell, written from the commands' specs, so it offers exactly the
/// options the parsers take. Effect ids come from `effect-host list --ids`
/// when completing, so plugins installed later are offered too.
struct CompletionsCommand {
    let shell: String

    static let shells = ["bash", "zsh", "fish"]

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .completions)
        guard parsed.positionals.count == 1, let shell = parsed.positionals.first, Self.shells.contains(shell) else {
            throw UsageError("completions needs a shell: bash, zsh or fish")
        }
        self.shell = shell
    }

    func run() {
        switch shell {
        case "bash": Output.standard.line(Self.bash)
        case "zsh": Output.standard.line(Self.zsh)
        default: Output.standard.line(Self.fish)
        }
    }

    private static var commandNames: String { CommandSpec.all.map(\.name).joined(separator: " ") }

    /// What completes an option's value, as the table declares it: "files",
    /// its words, or nil for nothing to offer.
    private static func values(of option: String, in spec: CommandSpec) -> String? {
        switch spec.option(named: option)?.completion {
        case .files?: "files"
        case let .words(words)?: words.joined(separator: " ")
        case .none?, nil: nil
        }
    }

    static var bash: String {
        var cases = ""
        for spec in CommandSpec.all {
            let operand: String =
                switch spec.operand {
                case .effect: "effects"
                case .pluginFiles: "files"
                case .shell: "bash zsh fish"
                case .none: ""
                }
            cases += "        \(spec.name)) options='\(spec.publicOptions.joined(separator: " "))'; operand='\(operand)' ;;\n"
        }
        // What follows an option that takes a value: files, one of its
        // words, or nothing to offer.
        var files: Set<String> = []
        var words = ""
        var free: Set<String> = []
        for spec in CommandSpec.all {
            for option in spec.options.filter({ !$0.hidden && $0.value != nil }).flatMap(\.names).sorted() {
                switch values(of: option, in: spec) {
                case "files": files.insert("*:" + option)
                case let list?: words += "        \(spec.name):\(option)) COMPREPLY=($(compgen -W \"\(list)\" -- \"$current\")); return ;;\n"
                case nil: free.insert("*:" + option)
                }
            }
        }
        return """
            # bash completion for effect-host; load with: source <(effect-host completions bash)
            _effect_host() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commandNames) --help --version" -- "$current"))
                    return
                fi
                case ${COMP_WORDS[1]}:$previous in
                    \(files.sorted().joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$current")); return ;;
            \(words)        \(free.sorted().joined(separator: "|"))) return ;;
                esac
                local options='' operand=''
                case ${COMP_WORDS[1]} in
            \(cases)    esac
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$current"))
                elif [ "$operand" = effects ]; then
                    COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" list --ids 2>/dev/null)" -- "$current"))
                elif [ "$operand" = files ]; then
                    COMPREPLY=($(compgen -f -- "$current"))
                elif [ -n "$operand" ]; then
                    COMPREPLY=($(compgen -W "$operand" -- "$current"))
                fi
            }
            complete -F _effect_host effect-host
            """
    }

    static var zsh: String {
        var cases = ""
        for spec in CommandSpec.all {
            let options = spec.publicOptions.map { option in
                if let values = values(of: option, in: spec) {
                    return "'\(option)[\(option)]:value:\(values == "files" ? "_files" : "(\(values))")'"
                }
                return spec.valued.contains(option) ? "'\(option)[\(option)]:value:'" : "'\(option)[\(option)]'"
            }
            let operand: String =
                switch spec.operand {
                case .effect: "'1:effect:_effect_host_effects'"
                case .pluginFiles: "'*:plugin:_files'"
                case .shell: "'1:shell:(bash zsh fish)'"
                case .none: ""
                }
            cases += "        \(spec.name)) _arguments \(options.joined(separator: " ")) \(operand) ;;\n"
        }
        return """
            #compdef effect-host
            # zsh completion for effect-host; load with: source <(effect-host completions zsh)
            _effect_host_effects() {
                local -a effects
                effects=(${(f)"$(effect-host list --ids 2>/dev/null)"})
                _describe effect effects
            }
            _effect_host() {
                if (( CURRENT == 2 )); then
                    _values command \(CommandSpec.all.map(\.name).joined(separator: " ")) --help --version
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
            \(cases)    esac
            }
            compdef _effect_host effect-host
            """
    }

    static var fish: String {
        var lines = [
            "# fish completion for effect-host; load with: effect-host completions fish | source",
            "complete -c effect-host -f",
            "complete -c effect-host -n __fish_use_subcommand -a '\(commandNames)'",
            "complete -c effect-host -n __fish_use_subcommand -l version -d 'print the version'",
        ]
        for spec in CommandSpec.all {
            let when = "-n '__fish_seen_subcommand_from \(spec.name)'"
            switch spec.operand {
            case .effect: lines.append("complete -c effect-host \(when) -a '(effect-host list --ids 2>/dev/null)'")
            case .pluginFiles: lines.append("complete -c effect-host \(when) -F")
            case .shell: lines.append("complete -c effect-host \(when) -a 'bash zsh fish'")
            case .none: break
            }
            for option in spec.publicOptions {
                let name = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                var line = "complete -c effect-host \(when) \(name)"
                if let values = values(of: option, in: spec) {
                    line += values == "files" ? " -r -F" : " -r -a '\(values)'"
                } else if spec.valued.contains(option) {
                    line += " -r"
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
