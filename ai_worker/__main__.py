from ai_worker.main import main

main()
