from gamao_cli.cli.app import main

main()
