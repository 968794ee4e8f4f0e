# cmake -P script: install the runtime from BUILD_DIR into WORK_DIR/prefix, then configure,
# build and run the consumer project against it through find_package(torchlint).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
string(REPLACE "|" ";" PREFIX_PATH "${PREFIX_PATH}")

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component torchlint_runtime
  COMMAND_ERROR_IS_FATAL ANY)
foreach(expected include/torchlint/torchlint.h lib/cmake/torchlint/torchlintConfig.cmake)
  if(NOT EXISTS ${prefix}/${expected})
    message(FATAL_ERROR "not installed: ${expected}")
  endif()
endforeach()

execute_process(COMMAND ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -G ${GENERATOR}
    "-DCMAKE_PREFIX_PATH=${prefix};${PREFIX_PATH}" -DTorch_DIR=${TORCH_DIR}
    "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
  COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build
  COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK_DIR}/build/torchlint_consumer
  COMMAND_ERROR_IS_FATAL ANY)
