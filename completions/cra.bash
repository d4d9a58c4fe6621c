_cra() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="cra"
                ;;
            cra,areas)
                cmd="cra__subcmd__areas"
                ;;
            cra,changes)
                cmd="cra__subcmd__changes"
                ;;
            cra,completions)
                cmd="cra__subcmd__completions"
                ;;
            cra,config)
                cmd="cra__subcmd__config"
                ;;
            cra,diff)
                cmd="cra__subcmd__diff"
                ;;
            cra,due)
                cmd="cra__subcmd__due"
                ;;
            cra,enrich)
                cmd="cra__subcmd__enrich"
                ;;
            cra,evaluations)
                cmd="cra__subcmd__evaluations"
                ;;
            cra,export)
                cmd="cra__subcmd__export"
                ;;
            cra,help)
                cmd="cra__subcmd__help"
                ;;
            cra,lending)
                cmd="cra__subcmd__lending"
                ;;
            cra,lineage)
                cmd="cra__subcmd__lineage"
                ;;
            cra,listen)
                cmd="cra__subcmd__listen"
                ;;
            cra,pe)
                cmd="cra__subcmd__pe"
                ;;
            cra,replay)
                cmd="cra__subcmd__replay"
                ;;
            cra,report)
                cmd="cra__subcmd__report"
                ;;
            cra,sandbox)
                cmd="cra__subcmd__sandbox"
                ;;
            cra,search)
                cmd="cra__subcmd__search"
                ;;
            cra,show)
                cmd="cra__subcmd__show"
                ;;
            cra,sql)
                cmd="cra__subcmd__sql"
                ;;
            cra,stats)
                cmd="cra__subcmd__stats"
                ;;
            cra,sync)
                cmd="cra__subcmd__sync"
                ;;
            cra,trigger)
                cmd="cra__subcmd__trigger"
                ;;
            cra,verify-webhook)
                cmd="cra__subcmd__verify__subcmd__webhook"
                ;;
            cra,version)
                cmd="cra__subcmd__version"
                ;;
            cra,watch)
                cmd="cra__subcmd__watch"
                ;;
            cra__subcmd__config,get)
                cmd="cra__subcmd__config__subcmd__get"
                ;;
            cra__subcmd__config,help)
                cmd="cra__subcmd__config__subcmd__help"
                ;;
            cra__subcmd__config,path)
                cmd="cra__subcmd__config__subcmd__path"
                ;;
            cra__subcmd__config,set)
                cmd="cra__subcmd__config__subcmd__set"
                ;;
            cra__subcmd__config,show)
                cmd="cra__subcmd__config__subcmd__show"
                ;;
            cra__subcmd__config,unset)
                cmd="cra__subcmd__config__subcmd__unset"
                ;;
            cra__subcmd__config__subcmd__help,get)
                cmd="cra__subcmd__config__subcmd__help__subcmd__get"
                ;;
            cra__subcmd__config__subcmd__help,help)
                cmd="cra__subcmd__config__subcmd__help__subcmd__help"
                ;;
            cra__subcmd__config__subcmd__help,path)
                cmd="cra__subcmd__config__subcmd__help__subcmd__path"
                ;;
            cra__subcmd__config__subcmd__help,set)
                cmd="cra__subcmd__config__subcmd__help__subcmd__set"
                ;;
            cra__subcmd__config__subcmd__help,show)
                cmd="cra__subcmd__config__subcmd__help__subcmd__show"
                ;;
            cra__subcmd__config__subcmd__help,unset)
                cmd="cra__subcmd__config__subcmd__help__subcmd__unset"
                ;;
            cra__subcmd__help,areas)
                cmd="cra__subcmd__help__subcmd__areas"
                ;;
            cra__subcmd__help,changes)
                cmd="cra__subcmd__help__subcmd__changes"
                ;;
            cra__subcmd__help,completions)
                cmd="cra__subcmd__help__subcmd__completions"
                ;;
            cra__subcmd__help,config)
                cmd="cra__subcmd__help__subcmd__config"
                ;;
            cra__subcmd__help,diff)
                cmd="cra__subcmd__help__subcmd__diff"
                ;;
            cra__subcmd__help,due)
                cmd="cra__subcmd__help__subcmd__due"
                ;;
            cra__subcmd__help,enrich)
                cmd="cra__subcmd__help__subcmd__enrich"
                ;;
            cra__subcmd__help,evaluations)
                cmd="cra__subcmd__help__subcmd__evaluations"
                ;;
            cra__subcmd__help,export)
                cmd="cra__subcmd__help__subcmd__export"
                ;;
            cra__subcmd__help,help)
                cmd="cra__subcmd__help__subcmd__help"
                ;;
            cra__subcmd__help,lending)
                cmd="cra__subcmd__help__subcmd__lending"
                ;;
            cra__subcmd__help,lineage)
                cmd="cra__subcmd__help__subcmd__lineage"
                ;;
            cra__subcmd__help,listen)
                cmd="cra__subcmd__help__subcmd__listen"
                ;;
            cra__subcmd__help,pe)
                cmd="cra__subcmd__help__subcmd__pe"
                ;;
            cra__subcmd__help,replay)
                cmd="cra__subcmd__help__subcmd__replay"
                ;;
            cra__subcmd__help,report)
                cmd="cra__subcmd__help__subcmd__report"
                ;;
            cra__subcmd__help,sandbox)
                cmd="cra__subcmd__help__subcmd__sandbox"
                ;;
            cra__subcmd__help,search)
                cmd="cra__subcmd__help__subcmd__search"
                ;;
            cra__subcmd__help,show)
                cmd="cra__subcmd__help__subcmd__show"
                ;;
            cra__subcmd__help,sql)
                cmd="cra__subcmd__help__subcmd__sql"
                ;;
            cra__subcmd__help,stats)
                cmd="cra__subcmd__help__subcmd__stats"
                ;;
            cra__subcmd__help,sync)
                cmd="cra__subcmd__help__subcmd__sync"
                ;;
            cra__subcmd__help,trigger)
                cmd="cra__subcmd__help__subcmd__trigger"
                ;;
            cra__subcmd__help,verify-webhook)
                cmd="cra__subcmd__help__subcmd__verify__subcmd__webhook"
                ;;
            cra__subcmd__help,version)
                cmd="cra__subcmd__help__subcmd__version"
                ;;
            cra__subcmd__help,watch)
                cmd="cra__subcmd__help__subcmd__watch"
                ;;
            cra__subcmd__help__subcmd__config,get)
                cmd="cra__subcmd__help__subcmd__config__subcmd__get"
                ;;
            cra__subcmd__help__subcmd__config,path)
                cmd="cra__subcmd__help__subcmd__config__subcmd__path"
                ;;
            cra__subcmd__help__subcmd__config,set)
                cmd="cra__subcmd__help__subcmd__config__subcmd__set"
                ;;
            cra__subcmd__help__subcmd__config,show)
                cmd="cra__subcmd__help__subcmd__config__subcmd__show"
                ;;
            cra__subcmd__help__subcmd__config,unset)
                cmd="cra__subcmd__help__subcmd__config__subcmd__unset"
                ;;
            cra__subcmd__help__subcmd__watch,add)
                cmd="cra__subcmd__help__subcmd__watch__subcmd__add"
                ;;
            cra__subcmd__help__subcmd__watch,list)
                cmd="cra__subcmd__help__subcmd__watch__subcmd__list"
                ;;
            cra__subcmd__help__subcmd__watch,remove)
                cmd="cra__subcmd__help__subcmd__watch__subcmd__remove"
                ;;
            cra__subcmd__help__subcmd__watch,show)
                cmd="cra__subcmd__help__subcmd__watch__subcmd__show"
                ;;
            cra__subcmd__watch,add)
                cmd="cra__subcmd__watch__subcmd__add"
                ;;
            cra__subcmd__watch,help)
                cmd="cra__subcmd__watch__subcmd__help"
                ;;
            cra__subcmd__watch,list)
                cmd="cra__subcmd__watch__subcmd__list"
                ;;
            cra__subcmd__watch,remove)
                cmd="cra__subcmd__watch__subcmd__remove"
                ;;
            cra__subcmd__watch,show)
                cmd="cra__subcmd__watch__subcmd__show"
                ;;
            cra__subcmd__watch__subcmd__help,add)
                cmd="cra__subcmd__watch__subcmd__help__subcmd__add"
                ;;
            cra__subcmd__watch__subcmd__help,help)
                cmd="cra__subcmd__watch__subcmd__help__subcmd__help"
                ;;
            cra__subcmd__watch__subcmd__help,list)
                cmd="cra__subcmd__watch__subcmd__help__subcmd__list"
                ;;
            cra__subcmd__watch__subcmd__help,remove)
                cmd="cra__subcmd__watch__subcmd__help__subcmd__remove"
                ;;
            cra__subcmd__watch__subcmd__help,show)
                cmd="cra__subcmd__watch__subcmd__help__subcmd__show"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        cra)
            opts="-q -v -h -V --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --help --version search show export verify-webhook listen trigger replay sync enrich pe evaluations lineage lending areas sql changes stats due sandbox config completions diff report version watch help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__areas)
            opts="-o -q -v -h -V --year --state --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --year)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__changes)
            opts="-q -v -o -h -V --new --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --sort --enriched --change --jq --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --since --until --state --size --rating --output --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "name city state regulator rating exam_date exam_type id -name -city -state -regulator -rating -exam_date -exam_type -id" -- "${cur}"))
                    return 0
                    ;;
                --change)
                    COMPREPLY=($(compgen -W "upgrade downgrade same first other all repeat-fail merged failed" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "id name state regulator exam_date exam_type previous_rating rating change" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__completions)
            opts="-h -V --help --version bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config)
            opts="-h -V --help --version path show get set unset help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__get)
            opts="-h -V --config --help --version base_url api_key webhook_secret bankfind_key mirror rate"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help)
            opts="path show get set unset help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__path)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__help__subcmd__unset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__path)
            opts="-h -V --config --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__set)
            opts="-q -v -h -V --config --format --color --quiet --verbose --help --version base_url api_key webhook_secret bankfind_key mirror rate"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__show)
            opts="-q -v -h -V --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__config__subcmd__unset)
            opts="-q -v -h -V --config --format --color --quiet --verbose --help --version base_url api_key webhook_secret bankfind_key mirror rate"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__diff)
            opts="-o -q -v -h -V --exit-code --change --jq --output --excel-safe-csv --format --color --quiet --verbose --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --change)
                    COMPREPLY=($(compgen -W "added removed rating details upgrade downgrade same other all" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__due)
            opts="-o -q -v -h -V --state --size --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --sort --enriched --older-than --as-of --include-inactive --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "name city state regulator rating exam_date exam_type id -name -city -state -regulator -rating -exam_date -exam_type -id" -- "${cur}"))
                    return 0
                    ;;
                --older-than)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --as-of)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "id name city state regulator rating exam_date exam_type months_since expected_months overdue_months" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__enrich)
            opts="-q -v -h -V --ffiec --bankfind --no-bankfind --pe --lending --years --force --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --mirror --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ffiec)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bankfind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pe)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lending)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --years)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__evaluations)
            opts="-o -q -v -h -V --unlinked --set-aside --disagree --areas --state --size --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "sha256 file bank_id name exam_date evaluation_date rating status reason disagrees_with area overall lending_test investment_test service_test cd_test retail_lending retail_services cd_financing cd_services" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__export)
            opts="-q -v -o -h -V --state --size --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --sort --enriched --with-history --excel-safe-csv --concurrency --max-wait --config --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --format --output --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "name city state regulator rating exam_date exam_type id -name -city -state -regulator -rating -exam_date -exam_type -id" -- "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "id name city state regulator rating exam_date exam_type is_current" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help)
            opts="search show export verify-webhook listen trigger replay sync enrich pe evaluations lineage lending areas sql changes stats due sandbox config completions diff report version watch help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__areas)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__changes)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config)
            opts="path show get set unset"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config__subcmd__path)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__config__subcmd__unset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__diff)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__due)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__enrich)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__evaluations)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__lending)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__lineage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__listen)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__pe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__replay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__report)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__sandbox)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__sql)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__sync)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__trigger)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__verify__subcmd__webhook)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__version)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__watch)
            opts="add remove show list"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__watch__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__watch__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__watch__subcmd__remove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__help__subcmd__watch__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__lending)
            opts="-o -q -v -h -V --year --since --until --by --kind --watch --state --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --year)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --by)
                    COMPREPLY=($(compgen -W "year county income" -- "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -W "small-business small-farm" -- "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__lineage)
            opts="-o -q -v -h -V --state --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__listen)
            opts="-q -v -h -V --host --port --path --secret --forward-to --log --max-events --max-body --read-timeout --tolerance --config --format --color --quiet --verbose --timeout --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --host)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --port)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --forward-to)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --log)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-events)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-body)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tolerance)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__pe)
            opts="-o -q -v -h -V --exam --open --download --output --config --format --color --quiet --verbose --timeout --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --exam)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__replay)
            opts="-h -V --to --secret --all --line --concurrency --config --timeout --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --to)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --line)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__report)
            opts="-q -v -o -h -V --state --size --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --as-of --config --format --color --quiet --verbose --sandbox --mirror --offline --output --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --as-of)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__sandbox)
            opts="-q -v -h -V --host --port --banks --seed --data --perturb --lending-scale --log-requests --latency --fail-rate --rate-limit-every --quota --quota-headers --webhook-url --webhook-every --secret --config --format --color --quiet --verbose --evolve --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --host)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --port)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --banks)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --perturb)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lending-scale)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --log-requests)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --latency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fail-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limit-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --quota)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --quota-headers)
                    COMPREPLY=($(compgen -W "none ietf x" -- "${cur}"))
                    return 0
                    ;;
                --webhook-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --webhook-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__search)
            opts="-o -q -v -h -V --state --size --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --sort --enriched --page --per-page --all --limit --jq --output --excel-safe-csv --max-wait --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "name city state regulator rating exam_date exam_type id -name -city -state -regulator -rating -exam_date -exam_type -id" -- "${cur}"))
                    return 0
                    ;;
                --page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "id name city state regulator rating exam_date exam_type" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__show)
            opts="-o -q -v -h -V --state --enriched --jq --output --excel-safe-csv --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "id name city state regulator exam_date rating exam_type is_current" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__sql)
            opts="-o -q -v -h -V --schema --timeout --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__stats)
            opts="-o -q -v -h -V --by --percent --exams --gaps --lending --state --rating --regulator --city --watch --failed-last --assets --exam-method --active --inactive --test --exam-since --exam-until --svg --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --size --columns --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --by)
                    COMPREPLY=($(compgen -W "state regulator size year lending_test investment_test service_test cd_test rating" -- "${cur}"))
                    return 0
                    ;;
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --rating)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Outstanding\nSatisfactory\nNeeds to Improve\nSubstantial Noncompliance\nout\nsat\nnti\nsnc' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --regulator)
                    COMPREPLY=($(compgen -W "FDIC OCC FRB OTS" -- "${cur}"))
                    return 0
                    ;;
                --city)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                --failed-last)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --assets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-method)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nStrategic Plan\nLimited Purpose\nWholesale\nWholesale/Limited Purpose\nIntermediate Small Bank\nOther / not specified' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --test)
                    COMPREPLY=($(compgen -W "lending=outstanding lending=high-satisfactory lending=satisfactory lending=low-satisfactory lending=needs-to-improve lending=substantial-noncompliance investment=outstanding investment=high-satisfactory investment=satisfactory investment=low-satisfactory investment=needs-to-improve investment=substantial-noncompliance service=outstanding service=high-satisfactory service=satisfactory service=low-satisfactory service=needs-to-improve service=substantial-noncompliance community_development=outstanding community_development=high-satisfactory community_development=satisfactory community_development=low-satisfactory community_development=needs-to-improve community_development=substantial-noncompliance retail_lending=outstanding retail_lending=high-satisfactory retail_lending=satisfactory retail_lending=low-satisfactory retail_lending=needs-to-improve retail_lending=substantial-noncompliance retail_services=outstanding retail_services=high-satisfactory retail_services=satisfactory retail_services=low-satisfactory retail_services=needs-to-improve retail_services=substantial-noncompliance cd_financing=outstanding cd_financing=high-satisfactory cd_financing=satisfactory cd_financing=low-satisfactory cd_financing=needs-to-improve cd_financing=substantial-noncompliance cd_services=outstanding cd_services=high-satisfactory cd_services=satisfactory cd_services=low-satisfactory cd_services=needs-to-improve cd_services=substantial-noncompliance" -- "${cur}"))
                    return 0
                    ;;
                --exam-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exam-until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --size)
                    local IFS=$'\n' word="${cur//\\ / }"; word="${word#[\"\']}"
                    COMPREPLY=($(compgen -W $'Large Bank\nSmall Bank\nIntermediate Small Bank\nlarge\nsmall\nintermediate' -- "${word}"))
                    COMPREPLY=("${COMPREPLY[@]// /\\ }")
                    return 0
                    ;;
                --columns)
                    COMPREPLY=($(compgen -W "group subgroup total outstanding satisfactory needs_to_improve substantial_noncompliance other" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__sync)
            opts="-q -v -h -V --full --concurrency --notify --max-wait --secret --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --watch --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --notify)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -W "$(cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1)" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__trigger)
            opts="-h -V --to --secret --count --bank-id --rating --concurrency --config --timeout --help --version rating.created"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --to)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bank-id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rating)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__verify__subcmd__webhook)
            opts="-h -V --signature --secret --config --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --signature)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secret)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__version)
            opts="-v -h -V --verbose --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch)
            opts="-h -V --help --version add remove show list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__add)
            opts="-q -v -h -V --state --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --state)
                    COMPREPLY=($(compgen -W "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP FM MH PW" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help)
            opts="add remove show list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help__subcmd__remove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__list)
            opts="-o -q -v -h -V --jq --output --excel-safe-csv --config --format --color --quiet --verbose --sandbox --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__remove)
            opts="-q -v -h -V --config --format --color --quiet --verbose --mirror --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cra__subcmd__watch__subcmd__show)
            opts="-o -q -v -h -V --jq --output --excel-safe-csv --config --format --color --quiet --verbose --timeout --base-url --retries --allow-insecure-http --rate --sandbox --evolve --mirror --offline --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jq)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table tsv json ndjson csv xlsx html" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --evolve)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mirror)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _cra -o nosort -o bashdefault -o default cra
else
    complete -F _cra -o bashdefault -o default cra
fi
